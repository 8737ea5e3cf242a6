/** The only module that reads the build-time environment. */
const raw = import.meta.env;

function optional(name: string, fallback: string): string {
  const value = raw[name] as string | undefined;
  return value && value.trim() !== '' ? value.trim() : fallback;
}

export const env = {
  /** Origin of the API; empty means same origin (production, and the Vite dev proxy). */
  apiUrl: optional('VITE_API_URL', '').replace(/\/$/, ''),
  contactPhone: optional('VITE_CONTACT_PHONE', '+44 20 3807 4120'),
  contactEmailCustomers: optional('VITE_CONTACT_EMAIL_CUSTOMERS', 'clients@hls-editions.com'),
  contactEmailAuthors: optional('VITE_CONTACT_EMAIL_AUTHORS', 'auteurs@hls-editions.com'),
  contactEmailClaims: optional('VITE_CONTACT_EMAIL_CLAIMS', 'reclamations@hls-editions.com'),
} as const;
