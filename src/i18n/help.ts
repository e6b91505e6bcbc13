/** Texts of the FAQ and support (see it.ts). */
import { it as shared } from './it';

export const faq = {
  title: 'Domande Frequenti',
  items: [
    { q: 'Quanto può durare un contratto di noleggio a lungo termine?', a: 'I contratti durano da 24 a 60 mesi.' },
    { q: 'Quanti chilometri si possono percorrere?', a: 'Fino a 200.000 km totali per le auto e fino a 250.000 km totali per i veicoli commerciali.' },
    { q: 'È previsto un anticipo?', a: 'L’anticipo può essere pari a 0 oppure al 10-15% del prezzo di listino del veicolo.' },
    { q: 'Quali sono le franchigie assicurative?', a: 'RCA 250 euro, danni 500 euro, furto 10% del valore o 500 euro.' },
    { q: 'I prezzi mostrati includono l’IVA?', a: 'No: i canoni sono mostrati IVA esclusa e al netto della ritenuta d’acconto.' },
    { q: 'Che cos’è il credit check?', a: 'È una verifica preliminare della sostenibilità: in base alle risposte del cliente indica con un semaforo la probabilità che la società di noleggio accetti la richiesta e mostra le offerte più adatte.' },
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
