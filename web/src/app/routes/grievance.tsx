import GrievancePage from '../../features/disclosures/components/grievance-page';
import { titleTag } from './seo';

export const meta = () => titleTag('Grievance Officer');

export default function Route() {
  return <GrievancePage />;
}
