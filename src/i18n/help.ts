/** Texts of the FAQ and support (see it.ts). */
import { it as shared } from './it';

export const faq = {
  title: 'Domande Frequenti',
  items: [
    // keywords: words agents use for the same thing, searched by the assistants (src/shell/assistant-match.ts), not shown.
    { q: 'Quanto può durare un contratto di noleggio a lungo termine?', a: 'I contratti durano da 24 a 60 mesi.', keywords: 'durata dura mesi anni minimo massimo lunghezza scadenza' },
    {
      q: 'Quanti chilometri si possono percorrere?',
      a: 'Fino a 200.000 km totali per le auto e fino a 250.000 km totali per i veicoli commerciali.',
      keywords: 'km chilometraggio percorrenza limite annui anno furgone furgoni commerciale',
    },
    { q: 'È previsto un anticipo?', a: 'L’anticipo può essere pari a 0 oppure al 10-15% del prezzo di listino del veicolo.', keywords: 'acconto versare versamento iniziale senza zero pagare prima rata' },
    { q: 'Quali sono le franchigie assicurative?', a: 'RCA 250 euro, danni 500 euro, furto 10% del valore o 500 euro.', keywords: 'franchigia assicurazione incidente sinistro rubano rubata furto danno kasko copertura' },
    { q: 'I prezzi mostrati includono l’IVA?', a: 'No: i canoni sono mostrati IVA esclusa e al netto della ritenuta d’acconto.', keywords: 'iva esclusa netto lordo tasse prezzo prezzi canone' },
    {
      q: 'Che cos’è il credit check?',
      a: 'È una verifica preliminare della sostenibilità: in base alle risposte del cliente indica con un semaforo la probabilità che la società di noleggio accetti la richiesta e mostra le offerte più adatte.',
      keywords: 'prescoring semaforo affidabilità verifica cliente approvazione approvato rosso verde giallo ambra funziona',
    },
  ],
} as const;

export const support = {
  title: 'Supporto',
  intro: 'Hai bisogno di aiuto? Contatta il nostro supporto commerciale.',
  email: 'Email',
  phone: 'Telefono',
  hours: 'Dal lunedì al venerdì, 9:00-18:00',
} as const;

/** The shared texts and this area's, looked up by key as everywhere: `it.faq.…`. */
export const it = { ...shared, faq, support };
