import { HostMemory, PublicMemory } from '@memory-wall/contracts';
import { Memory } from '../database/entities/memory.entity';

/** The fields of a memory that public views and sockets may carry. */
export function toPublicMemory(memory: Memory): PublicMemory {
  return {
    id: memory.id,
    eventId: memory.eventId,
    type: memory.type,
    content: memory.content,
    title: memory.title,
    author: memory.author,
    photoCaption: memory.photoCaption,
    featured: memory.featured,
    language: memory.language,
    createdAt: memory.createdAt.toISOString(),
    hearts: memory.hearts,
    media: memory.media,
  };
}

/** Everything a host (moderator) sees of a memory. */
export function toHostMemory(memory: Memory): HostMemory {
  return {
    ...toPublicMemory(memory),
    approved: memory.approved,
    flagged: memory.flagged,
    processingState: memory.processingState,
    moderation: memory.moderation,
    publicAt: memory.publicAt?.toISOString() ?? null,
  };
}

/**
 * toPublicMemory as PostgreSQL writes it, for the row aliased `m`: the same fields in the same order, as
 * compact JSON text (so that a wall's body is assembled by the database, and Node neither parses rows nor
 * serialises them). Strings through to_json (JSON.stringify's escapes); createdAt as toISOString writes it
 * (to_char's MS truncates the microseconds, as node-pg's Date does); media through json_text
 * (migration 1763990300000: jsonb's key order, without the spaces of jsonb's text). Kept equal to
 * toPublicMemory by public-wall-json.int-spec.ts.
 */
export const PUBLIC_MEMORY_JSON_SQL = `'{"id":"' || m."id" || '","eventId":"' || m."eventId"
  || '","type":' || to_json(m."type"::text) || ',"content":' || to_json(m."content")
  || ',"title":' || COALESCE(to_json(m."title")::text, 'null') || ',"author":' || to_json(m."author")
  || ',"photoCaption":' || COALESCE(to_json(m."photoCaption")::text, 'null') || ',"featured":' || m."featured"
  || ',"language":' || to_json(m."language")
  || ',"createdAt":"' || to_char(m."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  || '","hearts":' || m."hearts" || ',"media":' || COALESCE(json_text(m."media"), 'null') || '}'`;
