import type { FastifyInstance } from 'fastify';
import type { Role } from '@hls/contract';
import { bearer, confirmEmail, login, registerUser, uniqueEmail } from './helper.ts';
import type { NewProduct } from '../src/modules/catalog/index.ts';

let sequence = 0;
const next = () => `${process.pid}-${Date.now()}-${(sequence += 1)}`;

/** A logged-in user of any role (a customer registered and confirmed their address), with their headers. */
export async function signIn(app: FastifyInstance, role: Role = 'customer', firstName = 'Nadia') {
  const email = uniqueEmail(role);
  const password = 'Secret123';
  const user =
    role === 'customer'
      ? (await registerUser(app, { firstName, email, password })).user
      : await app.accounts.createUser({ firstName, lastName: 'Haddad', email, password, role });
  if (role === 'customer') await confirmEmail(app, email);
  const { access } = await login(app, email, password);
  return { id: user.id, email, firstName, headers: bearer(access) };
}

/**
 * Products to sell, each its own: a book with paper (100 copies, 15 % off) and ebook editions, a book with its last
 * paper copy, an ebook-only book, a professional file, a free academic file and an unpublished book.
 */
export async function seedShop(app: FastifyInstance) {
  const tag = next();
  const author = await registerUser(app, { firstName: 'Amira', lastName: 'Ben Salah' }, 'author');
  const category = (section: NewProduct['section']) =>
    app.catalog.writes.createCategory({
      section,
      slug: `orders-${section}-${tag}`,
      nameFr: `Catégorie ${section}`,
      nameEn: `Category ${section}`,
    });
  const [books, pro, academic] = [
    await category('book'),
    await category('professional'),
    await category('academic'),
  ];
  let n = 0;
  const product = async (input: Omit<NewProduct, 'authorId' | 'cover' | 'description' | 'language'>) =>
    (
      await app.catalog.writes.createProduct({
        description: 'Une description.',
        language: 'fr',
        authorId: author.user.id,
        status: 'published',
        cover: { key: `covers/orders-${tag}-${(n += 1)}.png`, width: 600, height: 800 },
        ...input,
      })
    ).id;
  const file = (name: string) => ({
    fileType: 'pdf' as const,
    storageKey: `files/orders/${tag}/${name}`,
    originalName: name,
    mime: 'application/pdf',
    sizeBytes: 2048,
    sha256: 'ab'.repeat(32),
  });

  const book = await product({
    kind: 'book',
    section: 'book',
    title: 'Le Jardin de Carthage',
    categoryId: books.id,
    editions: [
      { format: 'paper', priceCents: 2490, discountPercent: 15, stock: 100 },
      { format: 'ebook', priceCents: 1290 },
    ],
  });
  const lastCopy = await product({
    kind: 'book',
    section: 'book',
    title: 'Dernier exemplaire',
    categoryId: books.id,
    editions: [{ format: 'paper', priceCents: 1800, stock: 1 }],
  });
  const ebookOnly = await product({
    kind: 'book',
    section: 'book',
    title: 'Only an ebook',
    categoryId: books.id,
    editions: [{ format: 'ebook', priceCents: 990, discountPercent: 10 }],
  });
  const proFile = await product({
    kind: 'file',
    section: 'professional',
    title: 'Tableau de bord financier',
    categoryId: pro.id,
    file: file('tableau.pdf'),
    priceCents: 4500,
    discountPercent: 20,
  });
  const academicFile = await product({
    kind: 'file',
    section: 'academic',
    title: 'Cours gratuit',
    categoryId: academic.id,
    file: file('cours.pdf'),
    priceCents: 0,
  });
  const draft = await product({
    kind: 'book',
    section: 'book',
    title: 'Pas encore publié',
    categoryId: books.id,
    status: 'draft',
    editions: [{ format: 'paper', priceCents: 1500, stock: 3 }],
  });
  // The ebooks' files: an ebook edition is sold only with a file to deliver.
  await app.catalog.assets.attach(book, file('jardin.pdf'));
  await app.catalog.assets.attach(ebookOnly, file('only-an-ebook.pdf'));
  return { authorId: author.user.id, book, lastCopy, ebookOnly, proFile, academicFile, draft };
}

export type Shop = Awaited<ReturnType<typeof seedShop>>;

export const validAddress = {
  fullName: 'Nadia Haddad',
  line1: '12 rue de la Liberté',
  postalCode: '75011',
  city: 'Paris',
  country: 'fr',
  phone: '+33 6 12 34 56 78',
};
