/**
 * What every provider sandbox has in common: its server, the Approve / Decline
 * pages, and the control API (`POST /__sandbox/approve/:ref`, `/decline/:ref`)
 * that settles a payment through exactly the same code as the page buttons.
 */
import { autoPostPage, decisionPage, indexPage, messagePage, type Payable } from './html';
import { html, json, redirect, serve, type Delivery, type Route } from './http';

export type Decision = 'approve' | 'decline';

/** Where the provider sends the buyer's browser after a decision. */
export type BrowserStep = { kind: 'form'; action: string; fields: Record<string, string> } | { kind: 'redirect'; url: string } | { kind: 'none'; message: string };

export type Settlement = {
  reference: string;
  decision: Decision;
  status: string;
  browser: BrowserStep;
  /** Server-to-server notifications sent, with the merchant's answers. */
  notifications: Delivery[];
};

export type SandboxOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Interface to listen on; 127.0.0.1 by default. */
  host?: string;
  /** Host name in the URLs handed out (pages, images, base URLs); the listening host by default. */
  publicHost?: string;
  /** The merchant's notification endpoint, as registered in the provider's dashboard. */
  callbackUrl?: string;
  /** The merchant's browser result URL registered in the portal (2C2P 9.9 PaymentAuth). */
  resultUrl?: string;
};

export type ProviderContext = {
  /** The sandbox's own URL, known once it listens. */
  readonly publicUrl: string;
  readonly options: SandboxOptions;
};

export type Provider = {
  title: string;
  routes: Route[];
  /** The base URLs an adapter configures to talk to this sandbox, by the adapter's key. */
  baseUrls(publicUrl: string): Record<string, string>;
  list(): Payable[];
  find(reference: string): Payable | undefined;
  settle(reference: string, decision: Decision): Promise<Omit<Settlement, 'reference' | 'decision'>>;
};

export type RunningSandbox = {
  name: string;
  url: string;
  port: number;
  baseUrls: Record<string, string>;
  /** Approves through the control API, as a buyer pressing Approve would. */
  approve(reference: string): Promise<Settlement>;
  decline(reference: string): Promise<Settlement>;
  close(): Promise<void>;
};

export async function startSandbox(name: string, create: (context: ProviderContext) => Provider, options: SandboxOptions = {}): Promise<RunningSandbox> {
  const context = { publicUrl: '', options };
  const provider = create(context);
  const settling = new Set<string>();

  async function settle(reference: string, decision: Decision): Promise<{ status: number; settlement?: Settlement; error?: string }> {
    const payable = provider.find(reference);
    if (!payable) return { status: 404, error: `no payment ${reference}` };
    if (payable.settled || settling.has(reference)) return { status: 409, error: `payment ${reference} is already ${payable.status}` };
    settling.add(reference);
    try {
      return { status: 200, settlement: { reference, decision, ...(await provider.settle(reference, decision)) } };
    } finally {
      settling.delete(reference);
    }
  }

  const control =
    (decision: Decision): Route[2] =>
    async (request) => {
      const result = await settle(request.params.ref, decision);
      return json(result.status, result.settlement ?? { error: result.error });
    };

  const routes: Route[] = [
    ...provider.routes,
    ['GET', '/', () => html(indexPage(provider.title, provider.list()))],
    [
      'GET',
      '/__sandbox/page/:ref',
      (request) => {
        const payable = provider.find(request.params.ref);
        return payable ? html(decisionPage(payable)) : html(messagePage('Not found', 'No such payment.').html, 404);
      },
    ],
    [
      'POST',
      '/__sandbox/decide/:ref',
      async (request) => {
        const decision = request.form().decision === 'approve' ? 'approve' : 'decline';
        const result = await settle(request.params.ref, decision);
        if (!result.settlement) return html(messagePage('Cannot settle', result.error ?? '', result.status).html, result.status);
        const step = result.settlement.browser;
        if (step.kind === 'form') return html(autoPostPage(step.action, step.fields));
        if (step.kind === 'redirect') return redirect(step.url);
        return html(messagePage(decision === 'approve' ? 'ชำระเงินสำเร็จ · Paid' : 'ไม่สำเร็จ · Declined', step.message).html);
      },
    ],
    ['POST', '/__sandbox/approve/:ref', control('approve')],
    ['POST', '/__sandbox/decline/:ref', control('decline')],
    [
      'GET',
      '/__sandbox/transactions/:ref',
      (request) => {
        const payable = provider.find(request.params.ref);
        return payable ? json(200, payable) : json(404, { error: 'not_found' });
      },
    ],
  ];

  const host = options.host ?? '127.0.0.1';
  const { server, port } = await serve(routes, options.port ?? 0, host);
  const url = `http://${options.publicHost ?? (host === '0.0.0.0' || host === '::' ? 'localhost' : host)}:${port}`;
  context.publicUrl = url;

  async function drive(reference: string, decision: Decision): Promise<Settlement> {
    const response = await fetch(`${url}/__sandbox/${decision}/${encodeURIComponent(reference)}`, { method: 'POST' });
    const body = (await response.json()) as Settlement & { error?: string };
    if (!response.ok) throw new Error(`${name} sandbox: ${body.error ?? response.status}`);
    return body;
  }

  return {
    name,
    url,
    port,
    baseUrls: provider.baseUrls(url),
    approve: (reference) => drive(reference, 'approve'),
    decline: (reference) => drive(reference, 'decline'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
