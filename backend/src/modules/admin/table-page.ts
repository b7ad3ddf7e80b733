import { Brackets, SelectQueryBuilder } from 'typeorm';
import { ADMIN_PAGE_SIZE, AdminListRequest, PageInfo, SortOrder } from '@memory-wall/contracts';

/** A LIKE pattern that finds `text` anywhere, its wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Keeps the rows where any of `columns` contains the search (case-insensitive); all rows without one. */
export function whereAnyContains<T extends object>(
  builder: SelectQueryBuilder<T>,
  search: string | undefined,
  columns: string[],
): SelectQueryBuilder<T> {
  if (!search) return builder;
  return builder.andWhere(
    new Brackets((any) => {
      for (const column of columns) any.orWhere(`${column} ILIKE :search`);
    }),
    { search: containing(search) },
  );
}

/**
 * The ids of one page of `builder`'s rows, in the order asked for (the id breaks ties, so pages never
 * overlap), and how many rows match in all. `sortSql` maps each allowed sort field to its SQL expression.
 */
export async function pageOfIds<T extends object, Sort extends string>(
  builder: SelectQueryBuilder<T>,
  query: AdminListRequest<Sort>,
  sortSql: Record<Sort, string>,
  defaults: { sort: Sort; idColumn: string },
): Promise<PageInfo & { ids: string[] }> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE.default;
  const direction = (query.order ?? SortOrder.Desc) === SortOrder.Asc ? 'ASC' : 'DESC';
  const total = await builder.clone().getCount();
  const rows: Array<{ id: string }> = await builder
    .select(defaults.idColumn, 'id')
    .orderBy(sortSql[query.sort ?? defaults.sort], direction, 'NULLS LAST')
    .addOrderBy(defaults.idColumn, direction)
    .offset((page - 1) * pageSize)
    .limit(pageSize)
    .getRawMany();
  return { ids: rows.map((row) => row.id), total, page, pageSize };
}

/** Puts loaded rows back in the order of the page's ids. */
export function inIdOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
