import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_ADDRESSES, type AddressBook, type Order, type SavedAddress } from '@hls/contract';
import { useApp } from '../../../test/helper.ts';
import { seedShop, signIn, validAddress, type Shop } from '../../../test/order-fixtures.ts';
import { addresses, orders } from '../../db/schema.ts';

type Headers = Record<string, string>;

describe('address book', () => {
  const t = useApp({ env: { SHIPPING_COUNTRIES: 'FR,BE,TN' } });
  let shop: Shop;

  beforeAll(async () => {
    shop = await seedShop(t.app);
  });

  const list = async (headers: Headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/account/addresses', headers });
    expect(response.statusCode).toBe(200);
    return response.json<AddressBook>();
  };
  const add = (headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/account/addresses', headers, payload });
  const added = async (headers: Headers, payload: object) => {
    const response = await add(headers, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<SavedAddress>();
  };
  const edit = (headers: Headers, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/account/addresses/${id}`, headers, payload });
  const remove = (headers: Headers, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/account/addresses/${id}`, headers });
  const makeDefault = (headers: Headers, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/account/addresses/${id}/default`, headers });
  const defaults = (book: AddressBook) => book.results.filter((a) => a.isDefault).map((a) => a.city);
  const office = {
    ...validAddress,
    label: 'Bureau',
    line1: '3 avenue Habib Bourguiba',
    city: 'Tunis',
    postalCode: '1000',
    country: 'TN',
  };

  it('keeps, edits and lists addresses, the first one the default, then the default first and the newest next', async () => {
    const { headers } = await signIn(t.app);
    expect(await list(headers)).toEqual({ results: [], max: MAX_SAVED_ADDRESSES });
    const home = await added(headers, { ...validAddress, label: '  Maison ', line2: 'Bâtiment B' });
    expect(home).toMatchObject({
      ...validAddress,
      country: 'FR',
      line2: 'Bâtiment B',
      label: 'Maison',
      isDefault: true,
    });
    const work = await added(headers, office);
    expect(work.isDefault).toBe(false);
    expect((await list(headers)).results.map((a) => a.label)).toEqual(['Maison', 'Bureau']);

    // The whole address is sent: what is left out (line 2, phone, label) is cleared.
    const { phone: _phone, ...noPhone } = validAddress;
    const edited = await edit(headers, home.id, { ...noPhone, city: 'Lyon', postalCode: '69001' });
    expect(edited.statusCode).toBe(200);
    const after = edited.json<SavedAddress>();
    expect(after).toMatchObject({ city: 'Lyon', label: null, isDefault: true });
    expect(after).not.toHaveProperty('line2');
    expect(after).not.toHaveProperty('phone');
    const third = await added(headers, { ...office, label: 'Dépôt', city: 'Sfax', makeDefault: true });
    expect(third.isDefault).toBe(true);
    expect((await list(headers)).results.map((a) => [a.city, a.isDefault])).toEqual([
      ['Sfax', true],
      ['Tunis', false],
      ['Lyon', false],
    ]);
  });

  it('moves the default on request, and to the most recent address when the default is removed, or to none', async () => {
    const { headers } = await signIn(t.app);
    const first = await added(headers, { ...validAddress, city: 'Paris' });
    const second = await added(headers, { ...validAddress, city: 'Lille' });
    const third = await added(headers, { ...validAddress, city: 'Nice' });
    const moved = await makeDefault(headers, second.id);
    expect(moved.statusCode).toBe(200);
    expect(defaults(moved.json<AddressBook>())).toEqual(['Lille']);
    // Again: nothing changes.
    expect(defaults((await makeDefault(headers, second.id)).json<AddressBook>())).toEqual(['Lille']);
    // An edit with makeDefault: false never takes the default away.
    await edit(headers, second.id, { ...validAddress, city: 'Lille', makeDefault: false });
    expect(defaults(await list(headers))).toEqual(['Lille']);

    const removed = await remove(headers, second.id);
    expect(removed.statusCode).toBe(200);
    expect(defaults(removed.json<AddressBook>())).toEqual(['Nice']);
    expect(defaults((await remove(headers, first.id)).json<AddressBook>())).toEqual(['Nice']);
    const empty = await remove(headers, third.id);
    expect(empty.json<AddressBook>().results).toEqual([]);
    expect((await remove(headers, third.id)).statusCode).toBe(404);
  });

  it('refuses a bad address field by field with checkout’s own rules, and a country the shop does not ship to', async () => {
    const { id, headers } = await signIn(t.app);
    const bad = await add(headers, {
      ...validAddress,
      postalCode: '',
      city: '',
      phone: 'call me',
      label: 'x'.repeat(41),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldKeys).toEqual({
      postalCode: 'postalCode.required',
      city: 'city.required',
      phone: 'phone.invalid',
      label: 'label.tooLong',
    });
    const far = await add(headers, { ...validAddress, country: 'JP' });
    expect(far.statusCode).toBe(400);
    expect(far.json().error.fieldKeys).toEqual({ country: 'country.notShipped' });
    const kept = await added(headers, validAddress);
    const badEdit = await edit(headers, kept.id, { ...validAddress, fullName: '' });
    expect(badEdit.statusCode).toBe(400);
    expect(Object.keys(badEdit.json().error.fields)).toEqual(['fullName']);
    expect((await edit(headers, 'not-a-uuid', validAddress)).statusCode).toBe(400);
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.userId, id));
    expect(rows.map((r) => r.fullName)).toEqual([validAddress.fullName]);
  });

  it('answers 401 to a guest and 404 for another user’s address, which stays as it was', async () => {
    const owner = await signIn(t.app, 'customer', 'Nadia');
    const other = await signIn(t.app, 'customer', 'Karim');
    const mine = await added(owner.headers, validAddress);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/addresses' })).statusCode).toBe(401);
    expect((await add({}, validAddress)).statusCode).toBe(401);
    for (const response of [
      await edit(other.headers, mine.id, { ...validAddress, city: 'Sousse' }),
      await remove(other.headers, mine.id),
      await makeDefault(other.headers, mine.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await list(other.headers)).results).toEqual([]);
    expect((await list(owner.headers)).results).toEqual([mine]);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses: one more is refused and nothing is written`, async () => {
    const { id, headers } = await signIn(t.app);
    await t.database.db.insert(addresses).values(
      Array.from({ length: MAX_SAVED_ADDRESSES }, (_, i) => ({
        userId: id,
        fullName: 'Nadia Haddad',
        line1: `${i + 1} rue de la Paix`,
        postalCode: '75002',
        city: 'Paris',
        country: 'FR',
        isDefault: i === 0,
      })),
    );
    const full = await add(headers, validAddress);
    expect(full.statusCode).toBe(400);
    expect(full.json().error.fieldKeys).toEqual({ address: 'addressBook.full' });
    expect((await list(headers)).results).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  describe('from checkout', () => {
    const paperOrder = async (headers: Headers) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers,
        payload: { lines: [{ productId: shop.book, edition: 'paper' }] },
      });
      expect(response.statusCode).toBe(201);
      return response.json<Order>();
    };
    const deliver = (headers: Headers, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/order/address', headers, payload });

    it('keeps the order’s address in the book on request, once, the first as the default; the order keeps its copy', async () => {
      const { headers } = await signIn(t.app);
      const order = await paperOrder(headers);
      const first = await deliver(headers, { orderId: order.id, ...validAddress, saveToAddressBook: true });
      expect(first.statusCode).toBe(200);
      const [saved] = (await list(headers)).results;
      expect(saved).toMatchObject({ ...validAddress, country: 'FR', isDefault: true, label: null });
      // The same address again (the step done twice, or the next order): still one.
      await deliver(headers, { orderId: order.id, ...validAddress, saveToAddressBook: true });
      await deliver(headers, {
        orderId: (await paperOrder(headers)).id,
        ...validAddress,
        saveToAddressBook: true,
      });
      expect((await list(headers)).results).toHaveLength(1);
      // Not asked: not kept.
      await deliver(headers, { orderId: order.id, ...office, saveToAddressBook: false });
      expect((await list(headers)).results).toHaveLength(1);

      // Editing and removing the saved address leaves the order's own copy alone.
      await deliver(headers, { orderId: order.id, ...validAddress });
      await edit(headers, saved!.id, { ...validAddress, city: 'Marseille', postalCode: '13001' });
      await remove(headers, saved!.id);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.shippingAddress).toMatchObject({ city: 'Paris', postalCode: '75011' });
    });

    it('refuses to keep an address in a full book, and then saves nothing on the order either', async () => {
      const { id, headers } = await signIn(t.app);
      await t.database.db.insert(addresses).values(
        Array.from({ length: MAX_SAVED_ADDRESSES }, (_, i) => ({
          userId: id,
          fullName: 'Nadia Haddad',
          line1: `${i + 1} rue de la Paix`,
          postalCode: '75002',
          city: 'Paris',
          country: 'FR',
        })),
      );
      const order = await paperOrder(headers);
      const response = await deliver(headers, {
        orderId: order.id,
        ...validAddress,
        saveToAddressBook: true,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fieldKeys).toEqual({ saveToAddressBook: 'addressBook.full' });
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.shippingAddress).toBeNull();
      // An address already in the book is no new entry: it is accepted.
      const known = { ...validAddress, line1: '1 rue de la Paix', postalCode: '75002', phone: undefined };
      const again = await deliver(headers, { orderId: order.id, ...known, saveToAddressBook: true });
      expect(again.statusCode, again.body).toBe(200);
    });
  });
});
