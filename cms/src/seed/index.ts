import type { Core } from '@strapi/strapi';

export type SeedOptions = { reset: boolean };

/** Seeds the Thai demo data into an empty database; a no-op when data exists (unless reset). */
export async function seedDemo(strapi: Core.Strapi, options: SeedOptions): Promise<void> {
  void strapi;
  void options;
}
