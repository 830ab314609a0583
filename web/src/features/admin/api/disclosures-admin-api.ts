// The admin area's delivery rules and complaint tickets (docs/delivery-and-disclosures.md).
import type { DeliveryRules, DistrictRef, GrievanceOfficer, GrievanceStatus, GrievanceTicket } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

export const getDeliveryRules = () => apiData<DeliveryRules>('admin/delivery');
export const saveDeliveryRules = (rules: DeliveryRules) => apiData<DeliveryRules>('admin/delivery', { method: 'PUT', body: { ...rules } });
export const getDistricts = () => apiData<{ states: string[]; districts: DistrictRef[] }>('admin/delivery/districts');

export const getTickets = () => apiData<GrievanceTicket[]>('admin/grievances');
export const setTicketStatus = (number: string, status: GrievanceStatus) =>
  apiData<GrievanceTicket>(`admin/grievances/${encodeURIComponent(number)}`, { method: 'PATCH', body: { status } });
export const getGrievanceOfficer = () => apiData<GrievanceOfficer>('admin/grievance-officer');
export const saveGrievanceOfficer = (officer: GrievanceOfficer) =>
  apiData<GrievanceOfficer>('admin/grievance-officer', { method: 'PUT', body: { ...officer } });
