/** Outgoing calls to providers: one `fetch` wrapper with a timeout and one error type. */
import { PaymentError } from './types';

export type ProviderResponse = { status: number; text: string; json: unknown };

export type ProviderRequest = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * Calls a provider and returns its status and body. Transport failures and
 * 5xx answers throw PROVIDER_UNAVAILABLE (worth retrying); 4xx answers are
 * returned for the adapter to read, since providers explain themselves there.
 */
export async function callProvider(url: string, request: ProviderRequest = {}): Promise<ProviderResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PaymentError('PROVIDER_UNAVAILABLE', `${new URL(url).origin} unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status >= 500) {
    throw new PaymentError('PROVIDER_UNAVAILABLE', `${new URL(url).origin} answered ${response.status}`);
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, text, json };
}

/** Fetches an image and returns it as a data: URL, so the browser never calls the provider host. */
export async function fetchImageAsDataUrl(url: string, headers: Record<string, string> = {}): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(DEFAULT_TIMEOUT_MS) });
  } catch (error) {
    throw new PaymentError('PROVIDER_UNAVAILABLE', `QR image unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new PaymentError('PROVIDER_UNAVAILABLE', `QR image answered ${response.status}`);
  const type = response.headers.get('content-type')?.split(';')[0] || 'image/png';
  const bytes = Buffer.from(await response.arrayBuffer());
  return `data:${type};base64,${bytes.toString('base64')}`;
}

export function basicAuth(user: string, password = ''): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** A readable summary of a refused provider call, for logs and `reason` fields. */
export function describeRefusal(what: string, response: ProviderResponse): string {
  return `${what}: HTTP ${response.status} ${response.text.slice(0, 300)}`;
}
