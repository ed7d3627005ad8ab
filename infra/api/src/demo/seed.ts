import { withTransaction } from '../db/transaction';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  additionalServices,
  appMeta,
  categories,
  comments,
  contactInfos,
  feedback,
  ledgerEntries,
  ledgerTransactions,
  payments,
  productImages,
  products,
  productVacationDays,
  users,
} from '../db/schema';
import { hashPassword } from '../lib/password';
import { walletAccount } from '../repositories/user-repository';
import { categoryTree } from '../catalog/categories';
import { demoUsers, type DemoUser } from './demo-users';
import { generateDemoPlan } from './generate';
import { ensureDemoImages } from './images';
import { createRandom } from './prng';
import { seedDemoBusinessBookings, seedDemoReservations } from './reservations';

const SEED_KEY = 'demo_seed';
const SEED_VERSION = '1';

export interface SeedResult {
  seeded: boolean;
  products: number;
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Loads the demo data once per database (a marker row in app_meta); later calls do nothing. */
export async function seedDemoData(db: Db, opts: { filesDir: string; now: Date }): Promise<SeedResult> {
  const plan = generateDemoPlan();
  await ensureDemoImages(opts.filesDir, plan.images);

  const [marker] = await db.select().from(appMeta).where(eq(appMeta.key, SEED_KEY));
  if (marker) return { seeded: false, products: 0 };

  // Hash outside the transaction: argon2 is the slow part and needs no lock.
  const hashes = await Promise.all(demoUsers.map((u) => hashPassword(u.password)));

  return withTransaction(db, async (tx) => {
    // Two instances starting on one PostgreSQL: the second waits here, then sees the marker.
    await tx.execute(sql`select pg_advisory_xact_lock(72210002)`);
    const [again] = await tx.select().from(appMeta).where(eq(appMeta.key, SEED_KEY));
    if (again) return { seeded: false, products: 0 };

    await tx
      .insert(categories)
      .values(categoryTree.map((c, i) => ({ ...c, sortOrder: i })))
      .onConflictDoNothing();

    const userIds = new Map<DemoUser['key'], number>();
    for (const [i, u] of demoUsers.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          username: u.email,
          passwordHash: hashes[i],
          type: u.type,
          name: u.name,
          lastName: u.lastName,
          identityCode: u.identityCode,
          registryCode: u.registryCode ?? null,
          representativeName: u.representativeName ?? null,
          allowVat: u.allowVat,
          accountNr: u.accountNr,
          roles: u.roles,
          verified: u.verified,
          verifiedTs: u.verified ? opts.now : null,
          suspended: u.suspended ?? false,
          createdTs: opts.now,
          updatedTs: opts.now,
        })
        .returning({ id: users.id });
      userIds.set(u.key, row.id);
      await tx.insert(contactInfos).values([
        { userId: row.id, type: 'EMAIL', value: u.email, prime: true },
        { userId: row.id, type: 'PHONE', value: u.phone, prime: false },
      ]);
    }
    const userId = (key: DemoUser['key']) => userIds.get(key) as number;

    for (const batch of chunks(plan.products, 100)) {
      await tx.insert(products).values(batch.map((p) => ({ ...p.product, userId: userId(p.ownerKey), updatedTs: p.product.createdTs })));
    }
    // Explicit ids were used (229 is fixed by the spec); move the sequence past them.
    await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);

    const imageRows = plan.products.flatMap((p) =>
      p.images.map((img, order) => ({
        productId: Number(p.product.id),
        fileName: img.fileName,
        title: img.title,
        sortOrder: order,
        createdTs: p.product.createdTs,
      })),
    );
    for (const batch of chunks(imageRows, 500)) await tx.insert(productImages).values(batch);
    const serviceRows = plan.products.flatMap((p) => p.services.map((s) => ({ productId: Number(p.product.id), ...s })));
    for (const batch of chunks(serviceRows, 500)) await tx.insert(additionalServices).values(batch);
    const vacationRows = plan.products.flatMap((p) => p.vacationDays.map((day) => ({ productId: Number(p.product.id), day })));
    if (vacationRows.length) await tx.insert(productVacationDays).values(vacationRows).onConflictDoNothing();

    // Ratings and questions so product pages are not empty.
    const r = createRandom(7);
    const reviewer = userId('renter');
    const feedbackRows = plan.products
      .filter((p) => !p.product.deleted && p.ownerKey !== 'karting' && r.chance(0.3))
      .map((p) => ({
        userId: reviewer,
        productId: Number(p.product.id),
        ratingHalves: r.int(6, 10),
        comment: r.pick([
          'Kõik sujus hästi, soovitan!',
          'Toode vastas kirjeldusele.',
          'Omanik oli väga abivalmis.',
          'Korralik, aga üleandmine venis veidi.',
        ]),
        createdTs: opts.now,
      }));
    if (feedbackRows.length) await tx.insert(feedback).values(feedbackRows);
    for (const p of plan.products.filter((x) => !x.product.deleted).slice(0, 12)) {
      const [question] = await tx
        .insert(comments)
        .values({
          productId: Number(p.product.id),
          userId: reviewer,
          comment: 'Kas toote saab kätte ka nädalavahetusel?',
          createdTs: opts.now,
        })
        .returning({ id: comments.id });
      await tx.insert(comments).values({
        productId: Number(p.product.id),
        userId: userId(p.ownerKey),
        parentId: question.id,
        comment: 'Jah, kokkuleppel saab.',
        createdTs: opts.now,
      });
    }

    // The renter starts with money on the account: a completed deposit through the sandbox bank.
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: reviewer,
        direction: 'IN',
        titleCode: 'INPAYMENT',
        status: 'COMPLETED',
        amountCents: 15000,
        provider: 'sandbox',
        providerRef: 'demo-deposit-1',
        createdTs: opts.now,
        completedTs: opts.now,
      })
      .returning({ id: payments.id });
    const [txRow] = await tx
      .insert(ledgerTransactions)
      .values({ kind: 'DEPOSIT', idempotencyKey: 'demo-deposit-1', paymentId: payment.id, memo: 'Demo sissemakse', createdTs: opts.now })
      .returning({ id: ledgerTransactions.id });
    await tx.insert(ledgerEntries).values([
      { transactionId: txRow.id, account: 'bank:clearing', amountCents: -15000, createdTs: opts.now },
      { transactionId: txRow.id, account: walletAccount(reviewer), userId: reviewer, amountCents: 15000, createdTs: opts.now },
    ]);

    const ownerProducts = plan.products
      .filter((p) => p.ownerKey === 'privateOwner' && !p.product.deleted && p.product.inactiveReason === null && p.product.priceDailyCents)
      .map((p) => ({
        id: Number(p.product.id),
        name: p.product.name,
        startTs: p.product.startTs ?? '08:00',
        costCents: p.product.costCents ?? 0,
        prices: {
          hourCents: p.product.priceHourCents ?? null,
          dayCents: p.product.priceDailyCents ?? null,
          threeDayCents: p.product.threeDayCents ?? null,
          weekCents: p.product.aWeekCents ?? null,
          twoWeekCents: p.product.twoWeekCents ?? null,
          monthCents: p.product.monthCents ?? null,
          weekendDayCents: p.product.weekendDayCents ?? null,
        },
      }))
      .sort((a, b) => a.id - b.id);
    const demoUser = (key: DemoUser['key']) => ({ user: demoUsers.find((u) => u.key === key) as DemoUser, id: userId(key) });
    await seedDemoReservations(tx, { now: opts.now, renter: demoUser('renter'), owner: demoUser('privateOwner'), products: ownerProducts });
    const business = plan.products.filter(
      (p) => p.ownerKey === 'businessOwner' && !p.product.deleted && p.product.inactiveReason === null && p.product.priceDailyCents,
    );
    const lowestId = Math.min(...business.map((p) => Number(p.product.id)));
    const newest = business
      .filter((p) => Number(p.product.id) !== lowestId)
      .sort((a, b) => Number(b.product.createdTs) - Number(a.product.createdTs) || Number(b.product.id) - Number(a.product.id))[0];
    await seedDemoBusinessBookings(tx, {
      now: opts.now,
      owner: demoUser('businessOwner'),
      newest: newest && {
        id: Number(newest.product.id),
        name: newest.product.name,
        startTs: newest.product.startTs ?? '08:00',
        costCents: 0,
        prices: {
          hourCents: null,
          dayCents: null,
          threeDayCents: null,
          weekCents: null,
          twoWeekCents: null,
          monthCents: null,
          weekendDayCents: null,
        },
      },
    });

    await tx.insert(appMeta).values({ key: SEED_KEY, value: SEED_VERSION, updatedTs: opts.now });
    return { seeded: true, products: plan.products.length };
  });
}
