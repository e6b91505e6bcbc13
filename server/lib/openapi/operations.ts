/**
 * What the route schemas cannot say about each operation of /api/v1 (docs/adr/0020-openapi-document-from-routes-and-operations-table.md): its name
 * (operationId), a summary, its tag, the statuses its service answers beyond those every operation of
 * its kind has (lib/openapi/document.ts derives 401, 403, 404, 409, 413, 415, 422 and 503), the media
 * types of a file answer, the required parts of a form, and the links of the main flows. Keyed like
 * the security tables: 'METHOD /path' without the /api/v1 prefix. A route without an entry fails the
 * document's build (and so every server test).
 */

export type TagName =
  | 'Sistema'
  | 'Accesso'
  | 'Profilo'
  | 'Rete'
  | 'Materiale pubblicitario'
  | 'Offerte'
  | 'Preventivi'
  | 'Link cliente'
  | 'Clienti e statistiche'
  | 'Auto'
  | 'Catalogo'
  | 'Provider e prodotti'
  | 'Richieste';

export const TAGS: { name: TagName; description: string }[] = [
  { name: 'Sistema', description: 'Stato del servizio e configurazione pubblica del client.' },
  { name: 'Accesso', description: 'Login, sessione, attivazione dell’account, recupero della password e accesso unico (SSO).' },
  { name: 'Profilo', description: 'Il profilo dell’agente: dati, password, chiave API personale, tema, pagina pubblica e logo.' },
  { name: 'Rete', description: 'I sub-agenti della rete di un capogruppo (ruolo 1, funzionalità network).' },
  { name: 'Materiale pubblicitario', description: 'Post con immagini da copiare o scaricare (funzionalità marketing-stuff).' },
  { name: 'Offerte', description: 'Ricerca delle offerte con filtri e facet, dettaglio configurabile, stampe PDF ed esportazioni.' },
  {
    name: 'Preventivi',
    description:
      'Il flusso di vendita: preventivo semplice o proposta da un’offerta, documenti del cliente, stato, PDF e avviso di PDF pronto (server-sent events).',
  },
  { name: 'Link cliente', description: 'Il link pubblico di una proposta: l’agente lo crea e lo revoca, il cliente lo apre, carica documenti e accetta.' },
  { name: 'Clienti e statistiche', description: 'Preventivi salvati, clienti, pagina dell’agente, statistiche della dashboard e della rete.' },
  { name: 'Auto', description: 'Catalogo auto (marche, modelli, versioni), auto personalizzate e loro immagini.' },
  { name: 'Catalogo', description: 'Offerte di catalogo della rete e loro variazioni (funzionalità catalog).' },
  {
    name: 'Provider e prodotti',
    description: 'Provider, prodotti e servizi dei prodotti della rete (funzionalità provider-product); servizi e tempi di consegna.',
  },
  { name: 'Richieste', description: 'Richieste di un’auto non presente a listino (funzionalità offer-request).' },
];

export type OperationDocs = {
  id: string;
  summary: string;
  tag: TagName;
  /** Statuses the service answers beyond those derived from the operation's kind. */
  also?: number[];
  /** Media types of a file answer (200); with `disposition` it names the file in Content-Disposition. */
  produces?: string[];
  disposition?: boolean;
  /** Parts of a multipart form the server refuses the form without. */
  requiredParts?: string[];
  /** OpenAPI links of the success answer: operationId -> parameters (runtime expressions). */
  links?: Record<string, Record<string, string>>;
};

const IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const PDF = ['application/pdf'];
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const SVG = ['image/svg+xml'];

export const OPERATIONS: Record<string, OperationDocs> = {
  // ---- Sistema
  'GET /health': { id: 'getHealth', summary: 'Stato del server e del database', tag: 'Sistema' },
  'GET /health/live': { id: 'getLiveness', summary: 'Il processo è attivo', tag: 'Sistema' },
  'GET /config': { id: 'getPublicConfig', summary: 'Configurazione pubblica del client', tag: 'Sistema' },

  // ---- Accesso
  'POST /login': { id: 'login', summary: 'Accedi con email e password', tag: 'Accesso', also: [401, 403, 429] },
  'POST /logout': { id: 'logout', summary: 'Chiudi la sessione', tag: 'Accesso' },
  'GET /account/activate/{token}': { id: 'checkActivationToken', summary: 'Verifica un link di attivazione', tag: 'Accesso' },
  'POST /account/activate': { id: 'activateAccount', summary: 'Attiva l’account e imposta la password', tag: 'Accesso', also: [404] },
  'POST /account/password/forgot': { id: 'requestPasswordReset', summary: 'Chiedi l’email per una nuova password', tag: 'Accesso' },
  'POST /account/password/reset': { id: 'resetPassword', summary: 'Imposta una nuova password con il link ricevuto', tag: 'Accesso', also: [404] },
  'POST /sso': { id: 'ssoLogin', summary: 'Accedi con il token dell’accesso unico (SSO)', tag: 'Accesso', also: [401, 403] },
  'POST /agent/terms': { id: 'acceptTerms', summary: 'Accetta i termini e le condizioni', tag: 'Accesso' },

  // ---- Profilo
  'GET /agent/profile': { id: 'getProfile', summary: 'Il profilo dell’agente', tag: 'Profilo' },
  'PUT /agent/profile': { id: 'updateProfile', summary: 'Aggiorna il profilo', tag: 'Profilo', also: [429] },
  'GET /push/key': { id: 'getPushKey', summary: 'La chiave pubblica VAPID delle notifiche Web Push', tag: 'Profilo' },
  'POST /push/subscriptions': { id: 'subscribePush', summary: 'Attiva le notifiche su questo dispositivo', tag: 'Profilo' },
  'POST /push/subscriptions/remove': { id: 'unsubscribePush', summary: 'Disattiva le notifiche su questo dispositivo', tag: 'Profilo' },
  'PATCH /password': { id: 'changePassword', summary: 'Cambia la password', tag: 'Profilo', also: [429] },
  'POST /agent/service/api': { id: 'createApiKey', summary: 'Genera una nuova chiave API (disattiva la precedente)', tag: 'Profilo' },
  'DELETE /agent/service/api': { id: 'revokeApiKey', summary: 'Revoca la chiave API', tag: 'Profilo' },
  'PUT /agent/preferences': { id: 'updatePreferences', summary: 'Imposta il tema', tag: 'Profilo' },
  'GET /agent/landing': { id: 'getLandingPage', summary: 'La pagina pubblica dell’agente', tag: 'Profilo' },
  'PUT /agent/landing': { id: 'updateLandingPage', summary: 'Aggiorna la pagina pubblica', tag: 'Profilo' },
  'GET /landing/{code}': { id: 'getPublicLandingPage', summary: 'La pagina pubblica di un agente (se attiva)', tag: 'Profilo' },
  'GET /agent/logo/{code}': { id: 'getAgentLogo', summary: 'Il logo di un agente', tag: 'Profilo', produces: IMAGES },
  'POST /agent/logo': { id: 'uploadLogo', summary: 'Carica il logo', tag: 'Profilo', requiredParts: ['logo'] },
  'DELETE /agent/logo': { id: 'removeLogo', summary: 'Rimuove il logo', tag: 'Profilo' },

  // ---- Rete
  'GET /agent/members': { id: 'listTeamMembers', summary: 'I sub-agenti della rete', tag: 'Rete' },
  'POST /agent': { id: 'createTeamMember', summary: 'Aggiungi un sub-agente (riceve l’email di attivazione)', tag: 'Rete' },
  'PUT /agent/{code}': { id: 'updateTeamMember', summary: 'Modifica un sub-agente', tag: 'Rete' },
  'PATCH /agent/{id}/toggle': { id: 'toggleTeamMember', summary: 'Attiva o sospendi un sub-agente', tag: 'Rete' },

  // ---- Materiale pubblicitario
  'GET /marketing/posts': { id: 'listMarketingPosts', summary: 'I post del materiale pubblicitario', tag: 'Materiale pubblicitario' },
  'POST /marketing/posts': { id: 'createMarketingPost', summary: 'Pubblica un post con immagini', tag: 'Materiale pubblicitario', requiredParts: ['title'] },
  'DELETE /marketing/posts/{id}': {
    id: 'deleteMarketingPost',
    summary: 'Elimina un post (il suo autore, o il capogruppo per i post della sua rete)',
    tag: 'Materiale pubblicitario',
  },
  'GET /marketing/images/{publicId}': {
    id: 'getMarketingImage',
    summary: 'Un’immagine di un post',
    tag: 'Materiale pubblicitario',
    produces: IMAGES,
    disposition: true,
  },
  'GET /marketing/items/{id}/image': {
    id: 'downloadMarketingImage',
    summary: 'Scarica un’immagine',
    tag: 'Materiale pubblicitario',
    produces: IMAGES,
    disposition: true,
  },
  'GET /marketing/posts/{id}/attachment': {
    id: 'downloadMarketingAttachment',
    summary: 'Scarica il post come allegato',
    tag: 'Materiale pubblicitario',
    produces: IMAGES,
    disposition: true,
  },
  'GET /marketing/posts/{id}/pdf': {
    id: 'downloadMarketingPdf',
    summary: 'Scarica il post in PDF',
    tag: 'Materiale pubblicitario',
    produces: PDF,
    disposition: true,
  },

  // ---- Offerte
  'GET /search/catalog/filters': { id: 'getOfferFilters', summary: 'Filtri, tag e ordinamenti della ricerca', tag: 'Offerte' },
  'GET /sync/offers': { id: 'syncOffers', summary: 'Copia del catalogo per la ricerca offline (per differenza)', tag: 'Offerte' },
  'POST /search/offers': {
    id: 'searchOffers',
    summary: 'Cerca le offerte',
    tag: 'Offerte',
    links: { getOffer: { id: '$response.body#/items/data/0/code' } },
  },
  'POST /search/offers/export': { id: 'exportOffers', summary: 'Esporta le offerte trovate (xlsx)', tag: 'Offerte', produces: XLSX, disposition: true },
  'GET /offers/{id}': {
    id: 'getOffer',
    summary: 'Il dettaglio di un’offerta',
    tag: 'Offerte',
    links: { previewQuotationOffer: { ref: '$response.body#/data/ref' } },
  },
  'POST /offers/attachment': { id: 'printOffer', summary: 'Stampa l’offerta configurata (PDF)', tag: 'Offerte', produces: PDF, disposition: true },
  'POST /offers/compare/attachment': {
    id: 'printOfferComparison',
    summary: 'Stampa il confronto di offerte (PDF)',
    tag: 'Offerte',
    produces: PDF,
    disposition: true,
    also: [404],
  },
  'GET /car/images/render/{file}': { id: 'renderCarImage', summary: 'Immagine generata di un’auto', tag: 'Offerte', produces: SVG },

  // ---- Link cliente
  'GET /quotations/{id}/share': { id: 'listQuotationShares', summary: 'I link cliente di un preventivo', tag: 'Link cliente' },
  'POST /quotations/{id}/share': { id: 'createQuotationShare', summary: 'Crea un link per il cliente', tag: 'Link cliente' },
  'DELETE /quotations/{id}/share/{shareId}': { id: 'revokeQuotationShare', summary: 'Revoca un link del cliente', tag: 'Link cliente' },
  'POST /quotations/{id}/share/{shareId}/email': { id: 'emailQuotationShare', summary: 'Invia il link al cliente per email', tag: 'Link cliente', also: [429] },
  'GET /share/{token}': { id: 'getSharedProposal', summary: 'La proposta vista dal cliente', tag: 'Link cliente', also: [429] },
  'GET /share/{token}/pdf': {
    id: 'downloadSharedProposalPdf',
    summary: 'Il PDF della proposta, per il cliente',
    tag: 'Link cliente',
    produces: PDF,
    disposition: true,
    also: [409, 429],
  },
  'POST /share/{token}/documents': {
    id: 'uploadSharedDocument',
    summary: 'Il cliente carica un documento',
    tag: 'Link cliente',
    requiredParts: ['file', 'file_type'],
    also: [409, 413, 415, 429],
  },
  'POST /share/{token}/accept/code': {
    id: 'requestShareSignCode',
    summary: 'Invia al cliente il codice per firmare la proposta',
    tag: 'Link cliente',
    also: [409, 429],
  },
  'POST /share/{token}/accept': {
    id: 'acceptSharedProposal',
    summary: 'Il cliente firma e accetta la proposta',
    tag: 'Link cliente',
    also: [409, 413, 415, 429],
  },

  // ---- Preventivi
  'GET /customers/search': { id: 'findCustomer', summary: 'Cerca un cliente per codice fiscale o partita IVA', tag: 'Preventivi', also: [404] },
  'GET /quotations/offer/{ref}': { id: 'previewQuotationOffer', summary: 'L’offerta da cui parte un preventivo, con il prezzo finale', tag: 'Preventivi' },
  'POST /quote': {
    id: 'createQuote',
    summary: 'Salva un preventivo semplice',
    tag: 'Preventivi',
    also: [404],
    links: { getProposal: { id: '$response.body#/data' } },
  },
  'PUT /quote/{code}': { id: 'updateQuote', summary: 'Modifica il cliente di un preventivo semplice', tag: 'Preventivi' },
  'POST /proposals': {
    id: 'createProposal',
    summary: 'Crea una proposta da un’offerta configurata',
    tag: 'Preventivi',
    also: [404],
    links: {
      getProposal: { id: '$response.body#/data/id' },
      updateProposal: { id: '$response.body#/data/id' },
      setQuotationStatus: { id: '$response.body#/data/id' },
      createProposalSyncToken: { id: '$response.body#/data/id' },
      downloadProposalPdf: { id: '$response.body#/data/id' },
    },
  },
  'PUT /proposals/{id}': { id: 'updateProposal', summary: 'Aggiorna una proposta (cliente, credit check)', tag: 'Preventivi' },
  'GET /proposals/{id}': {
    id: 'getProposal',
    summary: 'Una proposta (per id o codice del preventivo)',
    tag: 'Preventivi',
    links: { downloadProposalPdf: { id: '$response.body#/data/id' }, createProposalSyncToken: { id: '$response.body#/data/id' } },
  },
  'PUT /quotations/{id}/status': { id: 'setQuotationStatus', summary: 'Segna il preventivo come vinto, perso o in corso', tag: 'Preventivi' },
  'POST /proposals/{id}/attachment': {
    id: 'downloadProposalPdf',
    summary: 'Il PDF della proposta (404 finché è in preparazione)',
    tag: 'Preventivi',
    produces: PDF,
    disposition: true,
  },
  'POST /quotations/documents/upload': {
    id: 'uploadQuotationDocument',
    summary: 'Carica un documento PDF del cliente',
    tag: 'Preventivi',
    requiredParts: ['file', 'quotation', 'file_type'],
    also: [404],
    links: { getProposal: { id: '$response.body#/data/id' } },
  },
  'POST /proposals/{id}/sync-token': {
    id: 'createProposalSyncToken',
    summary: 'Token di due minuti per l’avviso di PDF pronto',
    tag: 'Preventivi',
    links: { streamProposalPdf: { id: '$request.path.id', token: '$response.body#/data/token' } },
  },
  'GET /proposals/sync/{id}': {
    id: 'streamProposalPdf',
    summary: 'Avviso di PDF pronto (server-sent events «update»; con follow=1 eventi «activity»)',
    tag: 'Preventivi',
    produces: ['text/event-stream'],
    also: [401],
  },

  // ---- Auto
  'GET /car/brands': { id: 'listCarBrands', summary: 'Le marche', tag: 'Auto' },
  'GET /car/brands/{code}/logo.svg': { id: 'getCarBrandLogo', summary: 'Il logo di una marca', tag: 'Auto', produces: SVG },
  'GET /car/models': { id: 'listCarModels', summary: 'I modelli di una marca', tag: 'Auto' },
  'GET /car/versions/{a}/{b}': { id: 'listCarVersions', summary: 'Le versioni di un modello', tag: 'Auto' },
  'GET /car': { id: 'getCar', summary: 'Un’auto per codice', tag: 'Auto', also: [404] },
  'POST /car': { id: 'createCustomCar', summary: 'Crea un’auto personalizzata', tag: 'Auto' },
  'PUT /car/{id}': { id: 'updateCustomCar', summary: 'Modifica un’auto personalizzata', tag: 'Auto' },
  'GET /car/images/{code}': { id: 'listCarImages', summary: 'Le immagini di un’auto', tag: 'Auto' },
  'GET /car/images/file/{name}': { id: 'getCarImageFile', summary: 'Il file di un’immagine caricata', tag: 'Auto', produces: IMAGES },
  'PUT /car/images/{id}/type': { id: 'setMainCarImage', summary: 'Rendi principale un’immagine', tag: 'Auto' },
  'DELETE /car/images/{id}': { id: 'deleteCarImage', summary: 'Elimina un’immagine', tag: 'Auto' },
  'DELETE /car/{carId}/images': { id: 'clearCarImages', summary: 'Elimina tutte le immagini personalizzate di un’auto', tag: 'Auto' },
  'GET /car/images/{carId}/download/{type}': {
    id: 'downloadCarImages',
    summary: 'Scarica le immagini in uno zip',
    tag: 'Auto',
    produces: ['application/zip'],
    disposition: true,
  },
  'POST /car/images': { id: 'uploadCarImages', summary: 'Carica immagini di un’auto', tag: 'Auto', requiredParts: ['car', 'immagini[]'], also: [404] },

  // ---- Provider e prodotti (lookups)
  'GET /catalog/delivery-times': { id: 'listDeliveryTimes', summary: 'I tempi di consegna', tag: 'Provider e prodotti' },
  'GET /catalog/brokers': { id: 'listBrokers', summary: 'Le società di noleggio e i broker', tag: 'Provider e prodotti' },
  'GET /catalog/products': { id: 'listCatalogProducts', summary: 'I prodotti, anche di un provider', tag: 'Provider e prodotti' },
  'GET /services': { id: 'listServices', summary: 'I servizi', tag: 'Provider e prodotti' },
  'GET /services/{product}/{broker}': { id: 'listDefaultServices', summary: 'I servizi predefiniti di un prodotto', tag: 'Provider e prodotti' },

  // ---- Catalogo
  'GET /catalog/offers': { id: 'listCatalogOffers', summary: 'Le offerte di catalogo della rete', tag: 'Catalogo' },
  'POST /catalog/offers': { id: 'createCatalogOffer', summary: 'Crea un’offerta di catalogo', tag: 'Catalogo', also: [404] },
  'GET /catalog/offers/{code}': { id: 'getCatalogOffer', summary: 'Un’offerta di catalogo', tag: 'Catalogo' },
  'PUT /catalog/offers/{code}': { id: 'updateCatalogOffer', summary: 'Modifica un’offerta di catalogo', tag: 'Catalogo' },
  'DELETE /catalog/offers/{code}': { id: 'deleteCatalogOffer', summary: 'Elimina un’offerta di catalogo', tag: 'Catalogo' },
  'POST /catalog/offers/{code}/clone': { id: 'cloneCatalogOffer', summary: 'Duplica un’offerta di catalogo', tag: 'Catalogo' },
  'POST /catalog/offers/{code}/publish': { id: 'publishCatalogOffer', summary: 'Pubblica un’offerta di catalogo', tag: 'Catalogo' },
  'POST /catalog/offers/{code}/unpublish': { id: 'unpublishCatalogOffer', summary: 'Ritira un’offerta di catalogo', tag: 'Catalogo' },
  'POST /offers/{offerId}/child': { id: 'createOfferVariation', summary: 'Aggiungi una variazione', tag: 'Catalogo' },
  'PUT /offers/{offerId}/child/{id}': { id: 'updateOfferVariation', summary: 'Modifica una variazione', tag: 'Catalogo' },
  'DELETE /offers/{offerId}/child/{id}': { id: 'deleteOfferVariation', summary: 'Elimina una variazione', tag: 'Catalogo' },

  // ---- Provider e prodotti
  'GET /providers': { id: 'listProviders', summary: 'I provider della rete', tag: 'Provider e prodotti' },
  'POST /providers': { id: 'createProvider', summary: 'Crea un provider', tag: 'Provider e prodotti' },
  'GET /providers/{id}': { id: 'getProvider', summary: 'Un provider', tag: 'Provider e prodotti' },
  'PUT /providers/{id}': { id: 'updateProvider', summary: 'Modifica un provider', tag: 'Provider e prodotti' },
  'DELETE /providers/{id}': { id: 'deleteProvider', summary: 'Elimina un provider e i suoi prodotti', tag: 'Provider e prodotti' },
  'GET /products': { id: 'listProducts', summary: 'I prodotti della rete', tag: 'Provider e prodotti' },
  'POST /products': { id: 'createProduct', summary: 'Crea un prodotto', tag: 'Provider e prodotti' },
  'GET /products/{id}': { id: 'getProduct', summary: 'Un prodotto', tag: 'Provider e prodotti' },
  'PUT /products/{id}': { id: 'updateProduct', summary: 'Modifica un prodotto', tag: 'Provider e prodotti' },
  'DELETE /products/{id}': { id: 'deleteProduct', summary: 'Elimina un prodotto', tag: 'Provider e prodotti' },
  'GET /products/{id}/services': { id: 'listProductServices', summary: 'I servizi di un prodotto', tag: 'Provider e prodotti' },
  'PUT /products/{id}/services': { id: 'setProductServices', summary: 'Imposta i servizi di un prodotto', tag: 'Provider e prodotti' },

  // ---- Richieste
  'GET /offer-requests': { id: 'listOfferRequests', summary: 'Le mie richieste di auto non a listino', tag: 'Richieste' },
  'POST /offer-requests': { id: 'createOfferRequest', summary: 'Richiedi un’auto non a listino', tag: 'Richieste' },

  // ---- Clienti e statistiche
  'POST /quotations': { id: 'listQuotations', summary: 'I preventivi salvati, filtrati', tag: 'Clienti e statistiche' },
  'GET /quotations/filters': { id: 'getQuotationFilters', summary: 'Stati, ordinamenti e agenti dei filtri dei preventivi', tag: 'Clienti e statistiche' },
  'POST /quotations/export': {
    id: 'exportQuotations',
    summary: 'Esporta i preventivi (Preventivi.xlsx)',
    tag: 'Clienti e statistiche',
    produces: XLSX,
    disposition: true,
  },
  'GET /agent/{code}/statistics': { id: 'getAgentStatistics', summary: 'Le statistiche della dashboard', tag: 'Clienti e statistiche' },
  'GET /customers': { id: 'listCustomers', summary: 'I clienti', tag: 'Clienti e statistiche' },
  'GET /customers/{customer}': { id: 'getCustomer', summary: 'Un cliente e i suoi preventivi', tag: 'Clienti e statistiche' },
  'GET /agents/{agent}': { id: 'getAgentPage', summary: 'La pagina di un agente', tag: 'Clienti e statistiche' },
  'GET /network/statistics': { id: 'getNetworkStatistics', summary: 'Le statistiche della rete', tag: 'Clienti e statistiche' },
};
