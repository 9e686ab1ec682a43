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
  },
  resources: {
    categories: {
      name: 'Categoria |||| Categorie',
      fields: { id: 'ID', position: 'Posizione', name: 'Nome' },
    },
  },
};
