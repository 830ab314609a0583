// `/alerts/confirm?token=…` (docs/comeback.md "Alerts"): a visitor's double opt-in. The mail's
// link opens this page (a mail scanner that opens links confirms nothing); the button (a POST
// form, no JavaScript, no sign-in) starts the alert.
import type { AlertConfirmView, SignedLinkAnswer } from '@bagshop/domain';
import { data, useActionData, type ActionFunctionArgs } from 'react-router';
import { AlertConfirmPage } from '../../features/comeback/components/signed-link-page';
import { pageServices } from '../page-data';
import { titleTag } from './seo';

type Answer = SignedLinkAnswer<AlertConfirmView>;

export const meta = () => [...titleTag('Back-in-stock alert'), { name: 'robots', content: 'noindex' }];
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export async function action({ context, request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const answer: Answer = token
    ? await pageServices(context, request).confirmAlert(token)
    : { ok: false, message: 'This link is not valid: it has no token. Use the link in the mail' };
  return data(answer, { status: answer.ok ? 200 : 400 });
}

export default function Route() {
  return <AlertConfirmPage answer={useActionData<Answer>() ?? null} />;
}
