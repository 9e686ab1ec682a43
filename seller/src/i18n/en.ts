/** English texts of the seller console; the Italian ones must have exactly these keys. */
export const en = {
  app: {
    title: 'Marketplace seller console',
    dashboard: {
      title: 'Overview',
      intro: 'This is where you sell on the marketplace. The console holds, or will soon hold:',
      sections: {
        categories: 'Categories: the catalogue categories your products are listed in',
        offers: 'Your offers: products, prices and keys in stock',
        orders: 'Your orders and their key deliveries',
        payouts: 'Your balance and payouts',
      },
    },
  },
  resources: {
    categories: {
      name: 'Category |||| Categories',
      fields: { id: 'ID', position: 'Position', name: 'Name' },
    },
  },
};
