import type { Core } from '@strapi/strapi';
import type { UploadedFile } from './media';

/** A row the seed wrote, and the rows of one kind by their key in seed/data.ts. */
export type Row = { id: number; documentId: string };
export type Ids = Map<string, Row>;

/** What every part of the seed writes with: Strapi, a row writer and the uploaded demo files. */
export type SeedContext = {
  strapi: Core.Strapi;
  create: (uid: string, data: Record<string, unknown>) => Promise<Row>;
  file: (relativePath: string) => UploadedFile;
};
