/** Texts of the owner's searchable, sortable, paged tables (see components/ui/TablePager), added with them. */
const en = {
  sortBy: 'Sort by',
  ascending: 'ascending',
  descending: 'descending',
  pages: 'Pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {{page}} of {{pages}}',
  showing: 'Showing {{from}}–{{to}} of {{total}}',
};

export type TablesTexts = typeof en;

export const tablesTexts = en;

declare module '../en' {
  interface LazyResources {
    tables: TablesTexts;
  }
}
