import SellerPage from '../../features/disclosures/components/seller-page';
import { titleTag } from './seo';

export const meta = () => titleTag('Seller Information');

export default function Route() {
  return <SellerPage />;
}
