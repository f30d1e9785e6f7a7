import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessReport, BusinessReportSharing } from '@app/contract/business-carbon';
import { apiClient, forceLogout, type ApiResponse } from '../../lib/api-client.ts';
import { NETWORK_ERROR_MESSAGE, readApiError } from '../../lib/api-error.ts';
import { COOKIES } from '@app/contract/constants';
import { getCookie } from '../../lib/cookies.ts';
import { businessCarbonKeys, BusinessCarbonCallError } from './api.ts';

interface Envelope<T> {
  success: true;
  message?: string;
  data: T;
}

const reportPath = (businessCode: string, year: number) => `v1/business-reports/${encodeURIComponent(businessCode)}/${year}`;
const sharingPath = (businessCode: string) => `v1/business-reports/${encodeURIComponent(businessCode)}/sharing`;

export const reportKeys = {
  report: (businessCode: string, year: number) => [...businessCarbonKeys.all, 'report', businessCode, year] as const,
  sharing: (businessCode: string) => [...businessCarbonKeys.all, 'report-sharing', businessCode] as const,
};

async function read<T>(call: Promise<ApiResponse<Envelope<T>>>, fallback: string): Promise<Envelope<T>> {
  let response: ApiResponse<Envelope<T>>;
  try {
    response = await call;
  } catch {
    throw new BusinessCarbonCallError({ message: NETWORK_ERROR_MESSAGE, status: 0, code: null }, null);
  }
  if (!response.ok || !response.data) throw new BusinessCarbonCallError(readApiError(response, fallback), response.status);
  return response.data;
}

/** `GET v1/business-reports/{businessCode}/{year}` (the owner, or a member the owner allowed). */
export function useBusinessReport(businessCode: string, year: number) {
  return useQuery({
    queryKey: reportKeys.report(businessCode, year),
    queryFn: async () => (await read(apiClient.get<Envelope<BusinessReport>>(reportPath(businessCode, year)), 'The emissions report could not be loaded.')).data,
  });
}

export function useReportSharing(businessCode: string) {
  return useQuery({
    queryKey: reportKeys.sharing(businessCode),
    queryFn: async () => (await read(apiClient.get<Envelope<BusinessReportSharing>>(sharingPath(businessCode)), 'Your sharing choice could not be loaded.')).data,
  });
}

export function useSetReportSharing(businessCode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (share: boolean) => read(apiClient.put<Envelope<BusinessReportSharing>>(sharingPath(businessCode), { share }), 'Your choice could not be saved.'),
    onSuccess: (answer) => {
      client.setQueryData(reportKeys.sharing(businessCode), answer.data);
      void client.invalidateQueries({ queryKey: [...businessCarbonKeys.all, 'report', businessCode] });
    },
  });
}

/** Downloads the CSV or PDF with the session token (a plain link would carry none). */
export async function downloadReport(businessCode: string, year: number, format: 'csv' | 'pdf'): Promise<{ ok: true } | { ok: false; message: string }> {
  const token = getCookie(COOKIES.session);
  let response: Response;
  try {
    response = await fetch(`/api/${reportPath(businessCode, year)}/${format}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  } catch {
    return { ok: false, message: 'Please try after sometime' };
  }
  if (response.status === 401) {
    forceLogout();
    return { ok: false, message: 'Please log in again to download the report' };
  }
  if (!response.ok) return { ok: false, message: `The ${format.toUpperCase()} could not be downloaded. Please try again.` };
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `emissions-report-${businessCode.toLowerCase()}-${year}.${format}`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { ok: true };
}
