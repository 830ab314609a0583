import PrivacyPage from '../../features/disclosures/components/privacy-page';
import { titleTag } from './seo';

export const meta = () => titleTag('Privacy Notice');

export default function Route() {
  return <PrivacyPage />;
}
