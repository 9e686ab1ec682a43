/** Minimal app messages for rendering kit components in the kit's own tests. */
export const testAppEn = {
  app: {
    title: 'Test console',
    dashboard: { title: 'Home', intro: 'This console holds:', sections: { things: 'Things' } },
  },
};

export const testAppIt = {
  app: {
    title: 'Console di prova',
    dashboard: { title: 'Inizio', intro: 'Questa console contiene:', sections: { things: 'Cose' } },
  },
};
