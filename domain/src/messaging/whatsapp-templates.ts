/**
 * The WhatsApp message templates the shop sends (docs/whatsapp.md, "Templates"). A template
 * must be created and approved in WhatsApp Manager with exactly this name, language, body and
 * buttons before production can send it; the Cloud API is then sent only the name, the language
 * and the parameters (functions/src/messaging/whatsapp.ts). The local stand-in
 * (scripts/whatsapp-local) draws messages from the same definitions.
 */
import type { WhatsAppOrderFlow } from './flows.js';

export interface WhatsAppTemplate {
  name: string;
  /** WhatsApp's language code. */
  language: string;
  category: 'UTILITY' | 'MARKETING';
  /** The body as registered, with {{1}}, {{2}}… for the parameters. */
  body: string;
  /** What each parameter is, in order (the sample values WhatsApp Manager asks for). */
  parameters: readonly string[];
  /** A quick-reply button: the shop sets its payload per message and receives it back when tapped. */
  quickReply?: { text: string };
}

export const WHATSAPP_TEMPLATES: Readonly<Record<WhatsAppOrderFlow, WhatsAppTemplate>> = {
  'order-placed': {
    name: 'bagshop_order_placed',
    language: 'en',
    category: 'UTILITY',
    body: 'Hello {{1}}, thank you for shopping with Bagshop. Your order #{{2}} of {{3}} is placed. See it here: {{4}}',
    parameters: ['first name', 'order number', 'order total', 'order page link'],
  },
  'cod-confirm': {
    name: 'bagshop_cod_confirm',
    language: 'en',
    category: 'UTILITY',
    body: 'Hello {{1}}, your cash-on-delivery order #{{2}} of {{3}} is placed. Please confirm it by {{4}}: we pack it only once you have, and an order not confirmed in time is cancelled.',
    parameters: ['first name', 'order number', 'order total', 'confirm by (date and time)'],
    quickReply: { text: 'Confirm order' },
  },
  shipped: {
    name: 'bagshop_order_shipped',
    language: 'en',
    category: 'UTILITY',
    body: 'Hello {{1}}, your order #{{2}} is on its way with {{3}}. Track it here: {{4}}',
    parameters: ['first name', 'order number', 'courier and AWB', 'tracking link'],
  },
  'out-for-delivery': {
    name: 'bagshop_out_for_delivery',
    language: 'en',
    category: 'UTILITY',
    body: 'Hello {{1}}, your order #{{2}} is out for delivery today. To pay on delivery: {{3}}.',
    parameters: ['first name', 'order number', 'amount to pay in cash, or "nothing, it is paid"'],
  },
  delivered: {
    name: 'bagshop_order_delivered',
    language: 'en',
    category: 'UTILITY',
    body: 'Hello {{1}}, your order #{{2}} was delivered. Thank you for shopping with Bagshop.',
    parameters: ['first name', 'order number'],
  },
  refund: {
    name: 'bagshop_order_refund',
    language: 'en',
    category: 'UTILITY',
    body: 'Hello {{1}}, we have refunded {{2}} for your order #{{3}}. Banks usually show a refund within 5-7 working days.',
    parameters: ['first name', 'refund amount', 'order number'],
  },
};

export function templateByName(name: string): WhatsAppTemplate | null {
  return Object.values(WHATSAPP_TEMPLATES).find((t) => t.name === name) ?? null;
}

/** Why WhatsApp would refuse these parameters for this template, or null (newlines, tabs, 4+ spaces, empty, count). */
export function templateParameterProblem(template: WhatsAppTemplate, values: readonly string[]): string | null {
  if (values.length !== template.parameters.length)
    return `${template.name} takes ${template.parameters.length} parameters, got ${values.length}`;
  for (const [i, v] of values.entries()) {
    if (v.trim() === '') return `parameter ${i + 1} (${template.parameters[i]}) is empty`;
    if (/[\n\t]| {4,}/.test(v)) return `parameter ${i + 1} (${template.parameters[i]}) has a newline, a tab or 4 spaces in a row`;
    if (v.length > 1024) return `parameter ${i + 1} is longer than 1024 characters`;
  }
  return null;
}

/** The text the shopper reads: the body with each {{n}} replaced. Throws on parameters WhatsApp would refuse. */
export function renderTemplate(template: WhatsAppTemplate, values: readonly string[]): string {
  const problem = templateParameterProblem(template, values);
  if (problem) throw new Error(problem);
  return template.body.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => values[Number(n) - 1] ?? '');
}
