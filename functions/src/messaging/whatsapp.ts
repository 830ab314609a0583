/**
 * The WhatsApp Business Cloud API adapter (docs/whatsapp.md): template messages, as the API
 * takes them:
 *   POST {apiBase}/{version}/{phone-number-id}/messages, Authorization: Bearer <token>
 *   { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'template',
 *     template: { name, language: { code }, components: [{ type: 'body', parameters: [{ type: 'text', text }] },
 *       { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload }] }] } }
 *     biz_opaque_callback_data: <message log id> }  (returned in the status webhooks)
 *   → { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid…' }] }
 * On the emulators `apiBase` is the local stand-in (scripts/whatsapp-local).
 */
import { templateParameterProblem, type WhatsAppTemplate } from '@bagshop/domain';
import type { WhatsAppConfig } from '../config.js';

export class WhatsAppError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'WhatsAppError';
  }
}

export interface TemplateSend {
  /** E.164, e.g. +919876543210 (the API takes the digits). */
  to: string;
  template: WhatsAppTemplate;
  parameters: readonly string[];
  /** The quick-reply button's payload, for a template that has one. */
  buttonPayload?: string;
  /** `biz_opaque_callback_data`: the Cloud API returns it in every status webhook (our message log id). */
  callbackData?: string;
}

/** The request body the Cloud API takes for a template message. */
export function templateRequestBody(send: TemplateSend): Record<string, unknown> {
  const problem = templateParameterProblem(send.template, send.parameters);
  if (problem) throw new WhatsAppError(problem, null);
  const components: Record<string, unknown>[] = [{ type: 'body', parameters: send.parameters.map((text) => ({ type: 'text', text })) }];
  if (send.template.quickReply && send.buttonPayload)
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: '0',
      parameters: [{ type: 'payload', payload: send.buttonPayload }],
    });
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: send.to.replace(/\D/g, ''),
    type: 'template',
    template: { name: send.template.name, language: { code: send.template.language }, components },
    ...(send.callbackData ? { biz_opaque_callback_data: send.callbackData } : {}),
  };
}

interface SendAnswer {
  messages?: { id?: unknown }[];
  error?: { message?: unknown; code?: unknown };
}

/** Sends one template message; answers the API's message id (wamid…). Throws WhatsAppError when refused or unreachable. */
export async function sendTemplate(config: WhatsAppConfig, send: TemplateSend): Promise<string> {
  if (!config.enabled || !config.token || !config.phoneNumberId) throw new WhatsAppError('WhatsApp is not configured', null);
  const url = `${config.apiBase}/${config.apiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${config.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(templateRequestBody(send)),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new WhatsAppError(`WhatsApp could not be reached: ${error instanceof Error ? error.message : String(error)}`, null);
  }
  const answer = (await res.json().catch(() => ({}))) as SendAnswer;
  const id = answer.messages?.[0]?.id;
  if (!res.ok || typeof id !== 'string') {
    const detail = typeof answer.error?.message === 'string' ? answer.error.message : `HTTP ${res.status}`;
    throw new WhatsAppError(`WhatsApp refused the message: ${detail}`, res.status);
  }
  return id;
}
