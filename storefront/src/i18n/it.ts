import type { Messages } from './en.ts';

/** Italian messages, same keys as English. */
export const it: Messages = {
  languageName: 'Italiano',
  header: {
    homeLink: 'Pagina iniziale',
    languages: 'Lingua',
  },
  home: {
    title: 'Chiavi di gioco, software, carte regalo e account di gioco',
    description:
      'Compra chiavi di gioco, licenze software, carte regalo e account di gioco da venditori affidabili, con consegna immediata.',
    hero: 'Chiavi di gioco, software e carte regalo, consegnati appena paghi.',
    categoriesHeading: 'Acquista per categoria',
  },
  notFound: {
    title: 'errore',
    description: 'La pagina che cerchi non esiste.',
    heading: 'Pagina non trovata',
    message: 'La pagina che cerchi non esiste o è stata spostata.',
    explore: 'esplora ora',
  },
  serverError: {
    title: 'Ops!',
    description: 'Qualcosa è andato storto da parte nostra.',
    heading: '500',
    message: 'Qualcosa è andato storto da parte nostra. Riprova tra un momento.',
  },
  footer: {
    rights: 'Tutti i diritti riservati.',
  },
};
