import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '@hls/contract';
import { fakeApi } from '@/testing/fake-api';
import { fileLine, makeOrder } from '@/testing/order-fixtures';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { CheckoutView } from './checkout-view';

const countries = [
  { code: 'DE', name: 'Germany', eu: true },
  { code: 'FR', name: 'France', eu: true },
  { code: 'GB', name: 'United Kingdom', eu: false },
];

/** The country list, once the countries have come (the select is there, empty, while they load). */
async function countrySelect(): Promise<HTMLElement> {
  await screen.findByRole('option', { name: 'Germany' });
  return screen.getByLabelText(/^Country you live in/);
}

/** The checkout's "Your country" step: VAT where the buyer lives (decision 0027). */
describe('checkout: the buyer’s country', () => {
  const pending = () => makeOrder({ lines: [fileLine()], billing: null });

  function serve(initial: Order, billing: (body: Record<string, unknown>) => Response) {
    let order = initial;
    const api = fakeApi({
      [`GET /api/order/${order.id}`]: () => jsonResponse(200, order),
      'GET /api/checkout/billing-countries': () => jsonResponse(200, countries),
      'POST /api/order/billing': ({ body }) => {
        const answer = billing(body as Record<string, unknown>);
        if (answer.status === 200) {
          const given = body as { country: string; vatNumber?: string };
          order = {
            ...order,
            billing: {
              country: given.country,
              vatNumber: given.vatNumber ?? null,
              reverseCharge: Boolean(given.vatNumber),
              pricesIncludeVat: true,
            },
          };
          return jsonResponse(200, order);
        }
        return answer;
      },
      'POST /api/order/intentPayement': () =>
        jsonResponse(409, { error: { code: 'service_unavailable', message: 'x' } }),
    });
    renderWithProviders(<CheckoutView orderId={order.id} onPaid={() => {}} onOrderGone={() => {}} />, {
      lng: 'en',
    });
    return api;
  }

  it('asks where the buyer lives before payment, with a VAT number field for EU countries only', async () => {
    const api = serve(pending(), () => jsonResponse(200, {}));
    const user = userEvent.setup();
    const pay = await screen.findByRole('button', { name: /Order with obligation to pay$/ });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Tell us which country you live in above to pay.');
    const form = screen.getByRole('form', { name: 'Your country' });
    await user.selectOptions(await countrySelect(), 'GB');
    expect(screen.queryByLabelText(/^EU VAT number/)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Country you live in/), 'DE');
    await user.type(screen.getByLabelText(/^EU VAT number/), 'DE136695976');
    await user.click(screen.getByRole('button', { name: 'Save my country' }));
    expect(await screen.findByText('You live in Germany.')).toBeInTheDocument();
    expect(
      screen.getByText('Business DE136695976: invoiced without VAT (reverse charge).'),
    ).toBeInTheDocument();
    expect(form).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/order/billing')[0]?.body).toEqual({
      orderId: pending().id,
      country: 'DE',
      vatNumber: 'DE136695976',
    });
  });

  it('asks which country is right when the connection seems to come from another, and sends the answer', async () => {
    const api = serve(pending(), (body) =>
      body.confirmCountry
        ? jsonResponse(200, {})
        : jsonResponse(409, {
            error: { code: 'country_unconfirmed', message: 'x', reason: 'DE', fields: { country: 'x' } },
          }),
    );
    const user = userEvent.setup();
    await user.selectOptions(await countrySelect(), 'FR');
    await user.click(screen.getByRole('button', { name: 'Save my country' }));
    expect(
      await screen.findByText(/Your connection seems to come from Germany, but you chose France/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I live in France' }));
    expect(await screen.findByText('You live in France.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/order/billing').map((c) => c.body)).toEqual([
      { orderId: pending().id, country: 'FR' },
      { orderId: pending().id, country: 'FR', confirmCountry: true },
    ]);
  });

  it('shows the server’s word on a VAT number it refuses', async () => {
    serve(pending(), () =>
      jsonResponse(400, {
        error: {
          code: 'validation_failed',
          message: 'x',
          fields: { vatNumber: 'This VAT number is not valid.' },
          fieldKeys: { vatNumber: 'vatNumber.format' },
        },
      }),
    );
    const user = userEvent.setup();
    await user.selectOptions(await countrySelect(), 'DE');
    await user.type(screen.getByLabelText(/^EU VAT number/), 'DE123');
    await user.click(screen.getByRole('button', { name: 'Save my country' }));
    expect(
      await screen.findByText(/This VAT number is not valid: check it on your invoices/),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Your country' })).toBeInTheDocument();
  });
});
