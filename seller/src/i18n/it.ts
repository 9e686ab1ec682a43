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
      api: {
        intro: 'Vendi dai tuoi sistemi? L’API venditori carica offerte e chiavi.',
        link: 'Documentazione API',
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
    offers: {
      name: 'Offerta |||| Offerte',
      fields: {
        productId: 'ID prodotto',
        productName: 'Prodotto',
        prices: { eur: 'Prezzo (EUR)', usd: 'Prezzo (USD)', gbp: 'Prezzo (GBP)' },
        stock: 'Chiavi disponibili',
        zeroVat: 'IVA zero',
        status: 'Stato',
        createdAt: 'Creata il',
      },
      statuses: { active: 'Attiva', paused: 'In pausa', hidden: 'Nascosta dal marketplace' },
      help: {
        productId: 'L’ID di 24 caratteri del prodotto del catalogo',
        computed_price: 'Lascialo vuoto per calcolarlo dal prezzo in EUR',
        zeroVat: 'Il prodotto è venduto senza IVA',
      },
      errors: {
        price: 'Inserisci un importo maggiore di 0, con al massimo 2 decimali',
        product_id: 'Un ID prodotto ha 24 caratteri, 0-9 e a-f',
        already_selling: 'Vendi già questo prodotto: modifica la sua offerta.',
      },
      keys: {
        title: 'Carica chiavi',
        intro:
          'Incolla le chiavi una per riga, oppure leggile da un file CSV o TXT (prima colonna). Vengono inviate a blocchi di 500.',
        paste: 'Chiavi, una per riga',
        file: 'Leggi un file CSV o TXT',
        ready: '%{smart_count} chiave da caricare |||| %{smart_count} chiavi da caricare',
        upload: 'Carica chiavi',
        progress_label: 'Avanzamento del caricamento',
        progress: 'Blocco %{done} di %{total}',
        report: 'Accettate %{accepted} · Duplicate %{duplicates} · Non valide %{invalid}',
        stock: 'Chiavi disponibili: %{stock}',
        uploaded: 'Chiavi caricate',
        failed:
          'Il caricamento si è fermato dopo %{done} blocchi su %{total}. Caricando di nuovo le stesse chiavi, quelle già presenti risultano duplicate.',
        file_failed: 'Impossibile leggere il file.',
      },
    },
    keys: {
      name: 'Chiave |||| Chiavi',
      fields: {
        id: 'ID',
        masked: 'Chiave',
        offerId: 'Offerta',
        productName: 'Prodotto',
        status: 'Stato',
        createdAt: 'Aggiunta',
      },
      statuses: {
        available: 'Disponibile',
        reserved: 'Riservata',
        sold: 'Venduta',
        refunded: 'Rimborsata',
        revoked: 'Revocata',
      },
      actions: { of_offer: 'Chiavi', revoke: 'Revoca' },
      revoke: {
        title: 'Revocare la chiave %{masked}?',
        content:
          'La chiave viene tolta definitivamente dalla vendita e le disponibilità della tua offerta scendono di uno. L’operazione non si può annullare.',
        reason: 'Motivo (facoltativo)',
      },
      notifications: {
        revoked: 'Chiave revocata',
        conflict: 'Questa chiave non è più disponibile; l’elenco ora mostra il suo stato attuale.',
      },
    },
    categories: {
      name: 'Categoria |||| Categorie',
      fields: { id: 'ID', position: 'Posizione', name: 'Nome' },
    },
  },
};
