/**
 * The request context of the custom controllers and middlewares: the part of Koa's context
 * (with what Strapi adds: the parsed body and files, ctx.state) they read and set, in one
 * place. `State` is what the guards leave in ctx.state: behind `require-student` the
 * signed-in student is always there (StudentCtx); on a public route it may be.
 */

/** The signed-in caller, as the guard (auth.ts) reads the account with its role. */
export type Student = {
  id: number;
  username: string;
  email: string;
  blocked?: boolean;
  role?: { id: number; type: string; name: string } | null;
  [field: string]: unknown;
};

/** An uploaded file as the multipart body parser leaves it in ctx.request.files. */
export type ParsedFile = { filepath?: string; originalFilename?: string | null; size?: number };

export type Ctx<State = { student?: Student | null }> = {
  path: string;
  method: string;
  origin: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  request: {
    body?: unknown;
    files?: Record<string, ParsedFile | ParsedFile[]>;
    ip: string;
    headers: Record<string, string | string[] | undefined>;
  };
  state: State;
  body: unknown;
  status: number;
  type: string;
  length: number;
  get(name: string): string;
  set(name: string, value: string): void;
  redirect(url: string): void;
};

/** The context of a route behind `require-student` (or `require-shop-admin`). */
export type StudentCtx = Ctx<{ student: Student }>;
