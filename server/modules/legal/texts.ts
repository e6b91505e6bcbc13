type LegalDocument = { title: string; sections: [string, string][] };

export const LEGAL_DOCUMENTS: Record<string, LegalDocument> = {
  'termini-e-condizioni': {
    title: 'Termini e condizioni d’uso della piattaforma',
    sections: [
      [
        '1. Oggetto',
        'La piattaforma consente ad agenti, broker e concessionari di consultare le offerte di noleggio a lungo termine di più società di noleggio, configurarle e inviare preventivi ai propri clienti.',
      ],
      [
        '2. Accesso',
        'L’accesso è personale. Le credenziali e la chiave API non possono essere cedute a terzi; ogni operazione eseguita con esse è attribuita al titolare dell’account.',
      ],
      [
        '3. Prezzi',
        'I canoni mostrati sono mensili, IVA esclusa e al netto della ritenuta d’acconto. Il canone mensile può variare fino alla conferma della società di noleggio.',
      ],
      ['4. Provvigioni', 'Le provvigioni indicate sono potenziali e diventano effettive solo alla firma del contratto da parte del cliente.'],
      ['5. Responsabilità', 'L’agente è responsabile della correttezza dei dati del cliente inseriti e del consenso raccolto per il loro trattamento.'],
    ],
  },
  'informativa-privacy': {
    title: 'Informativa sul trattamento dei dati personali',
    sections: [
      ['Titolare del trattamento', 'Il titolare del trattamento dei dati degli utenti della piattaforma è il gestore del portale.'],
      [
        'Dati trattati',
        'Dati di contatto e di accesso degli utenti; dati anagrafici, fiscali e documenti dei clienti inseriti dagli agenti per la richiesta di preventivi.',
      ],
      ['Finalità', 'Erogazione del servizio, gestione dei preventivi, verifica preliminare di sostenibilità (credit check) e adempimenti di legge.'],
      ['Conservazione', 'I dati sono conservati per il tempo necessario alle finalità indicate e agli obblighi di legge.'],
      ['Diritti', 'L’interessato può esercitare i diritti di cui agli articoli 15-22 del Regolamento (UE) 2016/679 scrivendo al supporto.'],
    ],
  },
  'nomina-responsabile': {
    title: 'Atto di nomina a responsabile del trattamento',
    sections: [
      [
        'Oggetto',
        'Con l’accettazione dei termini l’agente è nominato responsabile del trattamento ai sensi dell’art. 28 del Regolamento (UE) 2016/679 per i dati dei clienti inseriti nella piattaforma.',
      ],
      [
        'Obblighi',
        'Il responsabile tratta i dati solo per le finalità del servizio, adotta misure di sicurezza adeguate e garantisce la riservatezza delle persone autorizzate.',
      ],
      ['Durata', 'La nomina ha la stessa durata del rapporto di utilizzo della piattaforma.'],
    ],
  },
};
