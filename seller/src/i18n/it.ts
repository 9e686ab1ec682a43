import type { TranslationOf } from '@market/console-kit';
import type { en } from './en.ts';

/** Italian texts of the seller console. */
export const it: TranslationOf<typeof en> = {
  app: {
    title: 'Console venditori del marketplace',
    dashboard: {
      title: 'Panoramica',
      intro: 'Da qui vendi sul marketplace. La console contiene, o conterrà presto:',
      sections: {
        categories: 'Categorie: le categorie del catalogo in cui compaiono i tuoi prodotti',
        offers: 'Le tue offerte: prodotti, prezzi e chiavi disponibili',
        orders: 'I tuoi ordini e le consegne delle chiavi',
        payouts: 'Il tuo saldo e i pagamenti',
      },
    },
    register: {
      link: 'Diventa venditore',
      title: 'Diventa venditore',
      intro:
        'Raccontaci della tua attività. Un amministratore esamina ogni richiesta prima che tu possa vendere.',
      fields: {
        email: 'Email',
        name: 'Nome del negozio',
        registrationName: 'Ragione sociale',
        vatNumber: 'Partita IVA',
        image: 'URL dell’immagine (facoltativo)',
        password: 'Password',
      },
      help: {
        name: 'Il nome che vedono gli acquirenti',
        registrationName: 'Come nel registro delle imprese',
        vatNumber: 'Con il codice del paese, ad es. IT01234567890',
        image: 'Un logo o un’immagine del negozio, come indirizzo web',
        password: 'Almeno 6 caratteri: la userai per accedere',
      },
      submit: 'Invia la richiesta',
      sent: 'Richiesta inviata. Verifica la tua email con il link che ti abbiamo inviato, poi accedi qui per seguire la tua richiesta.',
      sign_in: 'Vai all’accesso',
      have_account: 'Hai già fatto richiesta? Accedi',
      errors: {
        email: 'Inserisci un indirizzo email valido',
        email_taken: 'Esiste già un account con questa email. Accedi invece.',
        name: 'Inserisci un nome del negozio da 2 a 80 caratteri',
        registrationName: 'Inserisci la ragione sociale (da 2 a 160 caratteri)',
        vatNumber: 'Una partita IVA inizia con il codice del paese, ad es. IT01234567890',
        image: 'Inserisci un indirizzo web completo (https://…) o lascia vuoto',
        password: 'Usa da 6 a 128 caratteri',
        failed: 'Non è stato possibile inviare la richiesta. Riprova più tardi.',
        network: 'Impossibile raggiungere il marketplace. Controlla la connessione e riprova.',
      },
    },
    application: {
      title: 'La tua richiesta di vendita',
      status: {
        pending: 'La tua richiesta è in corso di valutazione.',
        approved: 'La tua richiesta è stata approvata.',
        rejected: 'La tua richiesta è stata rifiutata.',
        suspended: 'Il tuo account venditore è sospeso.',
      },
      next: {
        pending: 'Ti scriveremo appena un amministratore avrà deciso.',
        approved: 'Seleziona «Controlla di nuovo» per aprire la console venditori.',
        rejected: 'Scrivi al marketplace se pensi che si tratti di un errore.',
        suspended: 'Non puoi vendere finché un amministratore non approva di nuovo il tuo account.',
      },
      reason: 'Motivo: %{reason}',
      shop: 'Negozio: %{name}',
      applied: 'Richiesta inviata il %{date}',
      none: 'Questo account non ha una richiesta di vendita.',
      load_failed: 'Al momento non è possibile caricare la richiesta. Riprova più tardi.',
      check_again: 'Controlla di nuovo',
      sign_out: 'Esci',
    },
  },
  resources: {
    categories: {
      name: 'Categoria |||| Categorie',
      fields: { id: 'ID', position: 'Posizione', name: 'Nome' },
    },
  },
};
