// `/unsubscribe?token=…` (docs/comeback.md "Unsubscribe"): drawn by the function from the signed
// token, no sign-in. GET shows what goes and a button; POST (the button, or RFC 8058's one-click
// `List-Unsubscribe=One-Click`) withdraws at once. A bad or forged token: 400 with the reason.
import type { SignedLinkAnswer, UnsubscribeView } from '@bagshop/domain';
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { UnsubscribePage } from '../../features/comeback/components/signed-link-page';
import { pageServices } from '../page-data';
import { titleTag } from './seo';

type Answer = SignedLinkAnswer<UnsubscribeView>;
const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';
const NO_TOKEN: Answer = { ok: false, message: 'This link is not valid: it has no token. Use the link in the message' };

export const meta = () => [...titleTag('Unsubscribe'), { name: 'robots', content: 'noindex' }];
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ context, request }: LoaderFunctionArgs) {
  const token = tokenOf(request);
  const answer = token ? await pageServices(context, request).unsubscribePreview(token) : NO_TOKEN;
  return data(answer, { status: answer.ok ? 200 : 400 });
}

export async function action({ context, request }: ActionFunctionArgs) {
  const token = tokenOf(request);
  const answer = token ? await pageServices(context, request).unsubscribe(token) : NO_TOKEN;
  return data(answer, { status: answer.ok ? 200 : 400 });
}

export default function Route() {
  const shown = useLoaderData<Answer>();
  const done = useActionData<Answer>();
  return <UnsubscribePage answer={done ?? shown} done={Boolean(done?.ok)} />;
}
