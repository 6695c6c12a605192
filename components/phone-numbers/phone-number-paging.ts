export const PHONE_NUMBER_PAGE_SIZES = [25, 50, 100] as const;

export type PhoneNumberPage = { page: number; limit: number };

export function readPhoneNumberPage(get: (name: string) => string | null): PhoneNumberPage {
  const page = Number(get("page"));
  const limit = Number(get("limit"));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PHONE_NUMBER_PAGE_SIZES as readonly number[]).includes(limit) ? limit : PHONE_NUMBER_PAGE_SIZES[0],
  };
}

export const phoneNumbersPath = ({ page, limit }: PhoneNumberPage) => `/phone-numbers?page=${page}&limit=${limit}`;
