/** What a visitor's upload needs since ADR 158: a ticket from POST /public/uploads/ticket, as the X-Upload-Ticket header. */
export async function visitorUploadHeaders(cmsUrl: string, purpose: 'checkout' | 'registration' = 'checkout'): Promise<Record<string, string>> {
  const res = await fetch(`${cmsUrl}/public/uploads/ticket`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ purpose }) });
  if (res.status !== 200) throw new Error(`no upload ticket: ${res.status} ${await res.text()}`);
  const { ticket } = (await res.json()) as { ticket: string };
  return { 'x-upload-ticket': ticket };
}
