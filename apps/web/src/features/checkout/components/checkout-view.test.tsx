import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { consentTexts } from '@hls/contract';
import type { DemoPaymentResult, Order, PaymentIntent, SavedAddress } from '@hls/contract';
import { fakeApi } from '@/testing/fake-api';
import { address, fileLine, makeLine, makeOrder } from '@/testing/order-fixtures';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { CheckoutView } from './checkout-view';

const orderPath = (order: Order) => `/api/order/${order.id}`;

function intentOf(order: Order, overrides: Partial<PaymentIntent> = {}): PaymentIntent {
  return {
    orderId: order.id,
    provider: 'demo',
    intentId: 'pi_demo_1',
    clientSecret: 'pi_demo_1_secret',
    publishableKey: null,
    amountCents: order.totalCents,
    currency: 'EUR',
    status: 'requires_payment_method',
    ...overrides,
  };
}

const succeeded: DemoPaymentResult = { status: 'succeeded', declineCode: null, message: null };

function renderCheckout(order: Order, onPaid = vi.fn(), lng: 'en' | 'fr' = 'en') {
  const view = renderWithProviders(
    <CheckoutView orderId={order.id} onPaid={onPaid} onOrderGone={() => {}} />,
    {
      lng,
    },
  );
  return { ...view, onPaid };
}

// While it pays, the button also announces what it is doing.
const payButton = () => screen.getByRole('button', { name: /Order with obligation to pay$/ });

async function fillCard(number: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Card number/), number);
  await user.type(screen.getByLabelText(/^Expiry date/), '12/34');
  await user.type(screen.getByLabelText(/^Security code/), '123');
  return user;
}

describe('checkout page', () => {
  it('asks for the delivery address of a paper order before it can be paid', async () => {
    let order = makeOrder({ lines: [makeLine()] });
    const api = fakeApi({
      [`GET ${orderPath(order)}`]: () => jsonResponse(200, order),
      'GET /api/checkout/countries': () =>
        jsonResponse(200, [
          { code: 'FR', name: 'France' },
          { code: 'TN', name: 'Tunisia' },
        ]),
      'GET /api/account/addresses': () => jsonResponse(200, { results: [], max: 20 }),
      'POST /api/order/address': ({ body }) => {
        const {
          orderId: _orderId,
          saveToAddressBook: _save,
          ...saved
        } = body as Order['address'] & { orderId: string; saveToAddressBook?: boolean };
        order = { ...order, address: saved };
        return jsonResponse(200, order);
      },
      'POST /api/order/intentPayement': () => jsonResponse(200, intentOf(order)),
    });
    renderCheckout(order);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: /Delivery address/ })).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription('Confirm your delivery address above to pay.');
    expect(screen.queryByRole('heading', { name: /Immediate delivery/ })).toBeNull();
    expect(
      screen.getByText(/^Delivery included, shipped from our shipping centre in Tunisia/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Import VAT and any customs duties are paid by HLS/)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Save address' }));
    expect(screen.getByLabelText(/^Full name/)).toHaveAccessibleDescription(
      "Enter the recipient's full name.",
    );
    expect(api.callsTo('POST', '/api/order/address')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Full name/), address.fullName);
    await user.type(screen.getByLabelText(/^Address \*/), address.line1);
    await user.type(screen.getByLabelText(/^Postal code/), address.postalCode);
    await user.type(screen.getByLabelText(/^City/), address.city);
    await user.selectOptions(await screen.findByLabelText(/^Country/), 'FR');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('address saved')).toBeInTheDocument();
    // A first address: offered to the address book, the box ticked.
    expect(api.callsTo('POST', '/api/order/address')[0]?.body).toEqual({
      orderId: order.id,
      ...address,
      saveToAddressBook: true,
    });
    expect(await screen.findByRole('button', { name: 'Change address' })).toBeInTheDocument();
    expect(screen.getByText(/12 rue de la Paix/)).toBeInTheDocument();
    // Address saved: the payment is prepared (no consent for paper only) and the demo card form shows.
    expect(await screen.findByLabelText(/^Card number/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/order/intentPayement')[0]?.body).toEqual({ orderId: order.id });
    expect(screen.getByText(/Demo payment — no money is taken/)).toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });

  it('offers the default saved address first, lets the buyer pick another or type a new one', async () => {
    let order = makeOrder({ lines: [makeLine()] });
    const saved = (id: string, fields: Partial<SavedAddress>): SavedAddress => ({
      id,
      label: null,
      ...address,
      isDefault: false,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      ...fields,
    });
    const home = saved('a1', { label: 'Home', isDefault: true });
    const office = saved('a2', {
      label: 'Office',
      line1: '3 avenue Habib Bourguiba',
      city: 'Tunis',
      postalCode: '1000',
      country: 'TN',
      phone: '+216 71 000 000',
    });
    const api = fakeApi({
      [`GET ${orderPath(order)}`]: () => jsonResponse(200, order),
      'GET /api/checkout/countries': () => jsonResponse(200, [{ code: 'FR', name: 'France' }]),
      'GET /api/account/addresses': () => jsonResponse(200, { results: [home, office], max: 20 }),
      'POST /api/order/address': ({ body }) => {
        const { orderId: _orderId, ...copy } = body as Order['address'] & { orderId: string };
        order = { ...order, address: copy };
        return jsonResponse(200, order);
      },
      'POST /api/order/intentPayement': () => jsonResponse(200, intentOf(order)),
    });
    renderCheckout(order);
    const user = userEvent.setup();

    const choice = await screen.findByRole('group', { name: 'Deliver to' });
    const homeRadio = within(choice).getByRole('radio', { name: /^Home Default/ });
    expect(homeRadio).toBeChecked();
    // A new address: the form, its box unticked (the buyer has addresses already).
    await user.click(within(choice).getByRole('radio', { name: 'A new address' }));
    expect(screen.getByRole('checkbox', { name: 'Save this address to my address book' })).not.toBeChecked();
    await user.click(within(choice).getByRole('radio', { name: /^Office/ }));
    expect(screen.queryByLabelText(/^Full name/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deliver to this address' }));

    expect(await screen.findByRole('button', { name: 'Change address' })).toBeInTheDocument();
    // The order takes its own copy of the address, without the book's fields.
    expect(api.callsTo('POST', '/api/order/address')[0]?.body).toEqual({
      orderId: order.id,
      fullName: address.fullName,
      line1: '3 avenue Habib Bourguiba',
      postalCode: '1000',
      city: 'Tunis',
      country: 'TN',
      phone: '+216 71 000 000',
    });
    // Changing it starts on the address the order has.
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    expect(
      within(await screen.findByRole('group', { name: 'Deliver to' })).getByRole('radio', {
        name: /^Office/,
      }),
    ).toBeChecked();
  });

  it('shows the server’s field messages when the address is refused', async () => {
    const order = makeOrder({ lines: [makeLine()] });
    fakeApi({
      [`GET ${orderPath(order)}`]: () => jsonResponse(200, order),
      'GET /api/checkout/countries': () => jsonResponse(200, [{ code: 'FR', name: 'France' }]),
      'POST /api/order/address': () =>
        jsonResponse(400, {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid.',
            fields: { 'body.country': 'We do not ship to this country.' },
          },
        }),
    });
    renderCheckout(order);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Full name/), address.fullName);
    await user.type(screen.getByLabelText(/^Address \*/), address.line1);
    await user.type(screen.getByLabelText(/^Postal code/), address.postalCode);
    await user.type(screen.getByLabelText(/^City/), address.city);
    await user.selectOptions(await screen.findByLabelText(/^Country/), 'FR');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('address failed')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Country/)).toHaveAccessibleDescription('We do not ship to this country.');
    expect(payButton()).toBeDisabled();
  });

  it('keeps the pay button disabled until both unticked consent boxes are ticked, then records them', async () => {
    const order = makeOrder({ lines: [fileLine()] });
    const api = fakeApi({
      [`GET ${orderPath(order)}`]: () => jsonResponse(200, order),
      'POST /api/order/intentPayement': () => jsonResponse(200, intentOf(order)),
    });
    renderCheckout(order);
    const user = userEvent.setup();

    const delivery = await screen.findByRole('checkbox', { name: consentTexts.en.immediateDelivery });
    const waiver = screen.getByRole('checkbox', { name: consentTexts.en.withdrawalWaiver });
    expect(delivery).not.toBeChecked();
    expect(waiver).not.toBeChecked();
    expect(screen.queryByRole('heading', { name: /Delivery address/ })).toBeNull();
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription('Tick both boxes above to pay.');

    await user.click(delivery);
    expect(payButton()).toBeDisabled();
    expect(api.callsTo('POST', '/api/order/intentPayement')).toHaveLength(0);

    await user.click(waiver);
    await screen.findByLabelText(/^Card number/);
    expect(payButton()).toBeEnabled();
    expect(api.callsTo('POST', '/api/order/intentPayement')[0]?.body).toEqual({
      orderId: order.id,
      consent: { immediateDelivery: true, withdrawalWaiver: true },
    });

    await user.click(waiver);
    expect(payButton()).toBeDisabled();
  });

  it('says the books set aside are released only on an order that holds books', async () => {
    const digital = makeOrder({ lines: [fileLine()] });
    fakeApi({ [`GET ${orderPath(digital)}`]: () => jsonResponse(200, digital) });
    const { unmount } = renderCheckout(digital);
    expect(await screen.findByText(/^Your order is kept for you until .+\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/books set aside/)).toBeNull();
    unmount();

    const paper = makeOrder({ lines: [makeLine()] });
    fakeApi({ [`GET ${orderPath(paper)}`]: () => jsonResponse(200, paper) });
    renderCheckout(paper);
    expect(await screen.findByText(/the books set aside for it are released/)).toBeInTheDocument();
  });

  it('keeps a digital-only order in French without speaking of books', async () => {
    const order = makeOrder({ lines: [fileLine()] });
    fakeApi({ [`GET ${orderPath(order)}`]: () => jsonResponse(200, order) });
    renderCheckout(order, vi.fn(), 'fr');
    const expiry = await screen.findByText(/^Votre commande vous est réservée jusqu’au/);
    expect(expiry).not.toHaveTextContent(/livres/);
  });

  it('shows the consent statements in French, word for word', async () => {
    const order = makeOrder({ lines: [fileLine()] });
    fakeApi({ [`GET ${orderPath(order)}`]: () => jsonResponse(200, order) });
    renderCheckout(order, vi.fn(), 'fr');
    expect(
      await screen.findByRole('checkbox', { name: consentTexts.fr.immediateDelivery }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: consentTexts.fr.withdrawalWaiver })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Commander avec obligation de paiement' })).toBeDisabled();
  });

  it('says why a card was declined by its decline code in the page’s words and keeps the order payable', async () => {
    const order = makeOrder({ lines: [fileLine()] });
    const results: DemoPaymentResult[] = [
      { status: 'declined', declineCode: 'card_declined', message: 'Your card was declined.' },
      { status: 'declined', declineCode: 'insufficient_funds', message: null },
      succeeded,
    ];
    const api = fakeApi({
      [`GET ${orderPath(order)}`]: () => jsonResponse(200, order),
      'POST /api/order/intentPayement': () => jsonResponse(200, intentOf(order)),
      'POST /api/payments/demo/pi_demo_1/pay': () => jsonResponse(200, results.shift()),
      'POST /api/order/confirm': () => jsonResponse(200, { id: order.id, status: 'paid' }),
    });
    const { onPaid } = renderCheckout(order);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: consentTexts.en.immediateDelivery }));
    await user.click(screen.getByRole('checkbox', { name: consentTexts.en.withdrawalWaiver }));

    // A number the card form refuses never reaches the provider.
    await fillCard('4242');
    await user.click(payButton());
    expect(screen.getByLabelText(/^Card number/)).toHaveAccessibleDescription(
      'Enter the card number (12 to 19 digits).',
    );
    expect(api.callsTo('POST', '/api/payments/demo/pi_demo_1/pay')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Card number/));
    await user.type(screen.getByLabelText(/^Card number/), '4000 0000 0000 0002');
    await user.click(payButton());
    expect(await screen.findByTestId('decline-reason')).toHaveTextContent('The card was declined.');
    expect(screen.getByRole('alert')).toHaveTextContent('The payment was refused');
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(api.callsTo('POST', '/api/payments/demo/pi_demo_1/pay')[0]?.body).toEqual({
      clientSecret: 'pi_demo_1_secret',
      number: '4000000000000002',
      expiry: '12/34',
      cvc: '123',
    });
    expect(api.callsTo('POST', '/api/order/confirm')).toHaveLength(0);

    // Without a message from the provider, the same.
    await user.click(payButton());
    await waitFor(() =>
      expect(screen.getByTestId('decline-reason')).toHaveTextContent('The card has insufficient funds.'),
    );

    await user.click(payButton());
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(onPaid.mock.calls[0]?.[0]).toMatchObject({ id: order.id });
    expect(api.callsTo('POST', '/api/order/confirm')[0]?.body).toEqual({ orderId: order.id });
  });

  it('says a refusal the confirmation reports in French, from its reason, not the server’s English message', async () => {
    const order = makeOrder({ lines: [makeLine()], address });
    fakeApi({
      [`GET ${orderPath(order)}`]: () => jsonResponse(200, order),
      'POST /api/order/intentPayement': () => jsonResponse(200, intentOf(order)),
      'POST /api/payments/demo/pi_demo_1/pay': () => jsonResponse(200, succeeded),
      'POST /api/order/confirm': () =>
        jsonResponse(402, {
          error: {
            code: 'payment_declined',
            message: 'The card has insufficient funds.',
            reason: 'insufficient_funds',
          },
        }),
    });
    renderCheckout(order, vi.fn(), 'fr');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Numéro de carte/), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/^Date d’expiration/), '12/34');
    await user.type(screen.getByLabelText(/^Code de sécurité/), '123');
    await user.click(screen.getByRole('button', { name: /Commander avec obligation de paiement$/ }));
    expect(await screen.findByTestId('decline-reason')).toHaveTextContent(
      'Le solde de la carte est insuffisant.',
    );
  });

  it('asks to confirm the payment in a dialog when the card needs authentication', async () => {
    const order = makeOrder({ lines: [makeLine()], address });
    const api = fakeApi({
      [`GET ${orderPath(order)}`]: () => jsonResponse(200, order),
      'POST /api/order/intentPayement': () => jsonResponse(200, intentOf(order)),
      'POST /api/payments/demo/pi_demo_1/pay': () =>
        jsonResponse(200, { status: 'requires_action', declineCode: null, message: null }),
      'POST /api/payments/demo/pi_demo_1/authenticate': () => jsonResponse(200, succeeded),
      'POST /api/order/confirm': () => jsonResponse(200, { id: order.id, status: 'paid' }),
    });
    const { onPaid } = renderCheckout(order);
    const user = await fillCard('4000 0025 0000 3155');
    await user.click(payButton());

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(dialog).toHaveAccessibleDescription('Your bank asks you to confirm the payment of €15.30.');
    expect(within(dialog).getByRole('button', { name: 'Confirm payment' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));

    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', '/api/payments/demo/pi_demo_1/authenticate')[0]?.body).toEqual({
      clientSecret: 'pi_demo_1_secret',
      approve: true,
    });
  });

  it('pays once however fast the button is pressed', async () => {
    const order = makeOrder({ lines: [makeLine()], address });
    let release: () => void = () => {};
    const api = fakeApi({
      [`GET ${orderPath(order)}`]: () => jsonResponse(200, order),
      'POST /api/order/intentPayement': () => jsonResponse(200, intentOf(order)),
      'POST /api/payments/demo/pi_demo_1/pay': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(200, succeeded));
        }),
      'POST /api/order/confirm': () => jsonResponse(200, { id: order.id, status: 'paid' }),
    });
    const { onPaid } = renderCheckout(order);
    const user = await fillCard('4242 4242 4242 4242');
    await user.dblClick(payButton());
    await user.click(payButton());
    await waitFor(() => expect(api.callsTo('POST', '/api/payments/demo/pi_demo_1/pay')).toHaveLength(1));
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', '/api/payments/demo/pi_demo_1/pay')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/order/confirm')).toHaveLength(1);
  });

  it('says when the order is paid already or can no longer be paid, with a link to the orders', async () => {
    const paid = makeOrder({ status: 'paid', lines: [fileLine()] });
    fakeApi({ [`GET ${orderPath(paid)}`]: () => jsonResponse(200, paid) });
    const first = renderCheckout(paid);
    expect(await screen.findByText('This order is already paid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my orders' })).toHaveAttribute('href', '/customer-commande');
    expect(screen.queryByRole('button', { name: 'Order with obligation to pay' })).toBeNull();
    first.unmount();

    const expired = makeOrder({ status: 'cancelled', lines: [fileLine()] });
    fakeApi({ [`GET ${orderPath(expired)}`]: () => jsonResponse(200, expired) });
    renderCheckout(expired);
    expect(await screen.findByText('This order can no longer be paid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my orders' })).toBeInTheDocument();
  });

  it('turns to the order’s current state when the server says it is not payable any more', async () => {
    let order = makeOrder({ lines: [fileLine()] });
    fakeApi({
      [`GET ${orderPath(order)}`]: () => jsonResponse(200, order),
      'POST /api/order/intentPayement': () => {
        order = { ...order, status: 'cancelled' };
        return jsonResponse(409, { error: { code: 'order_not_payable', message: 'Not payable.' } });
      },
    });
    renderCheckout(order);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: consentTexts.en.immediateDelivery }));
    await user.click(screen.getByRole('checkbox', { name: consentTexts.en.withdrawalWaiver }));
    expect(await screen.findByText('This order can no longer be paid')).toBeInTheDocument();
  });
});
