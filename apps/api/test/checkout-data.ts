// What a customer types at checkout, for the tests, the benchmarks and the fault suite alike.

/** The demo provider's card that succeeds (decision 0011). */
export const demoCard = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** A delivery address in France, with the letters an address label must carry. */
export const parisAddress = {
  fullName: 'Zoë Łukasz',
  line1: '12 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  country: 'FR',
  phone: '+33 1 23 45 67 89',
};

/** Both consents an order of digital goods needs (immediate delivery, withdrawal right waived). */
export const consent = { immediateDelivery: true, withdrawalWaiver: true } as const;
