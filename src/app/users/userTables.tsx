/** For the user management lists: narrow screens scroll the table sideways instead of widening the page. */
export const scrollingTable = { '& .RaList-content': { overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 16px)', md: 'none' } } } as const;

