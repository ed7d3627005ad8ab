import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import {
  additionalServices,
  categories,
  contactInfos,
  contractExtensions,
  contracts,
  products,
  reservationAdditionalServices,
  reservations,
  users,
} from '../db/schema';

/** One side of the contract as the document names it. */
export interface ContractParty {
  type: 'B2B' | 'B2C';
  name: string;
  lastName: string | null;
  identityCode: string | null;
  registryCode: string | null;
  representativeName: string | null;
  phone: string | null;
  email: string | null;
}

/** Everything the contract PDF prints, read in one go; money in integer cents. */
export interface ContractDocumentData {
  id: number;
  status: string;
  createdTs: Date;
  startTs: Date;
  endTs: Date;
  amountCents: number;
  vatCents: number;
  feeCents: number;
  additionalServiceCostCents: number;
  paidLater: boolean;
  contractData: Record<string, unknown>;
  renterId: number | null;
  ownerId: number;
  reservation: { id: number; hash: string; hourly: boolean; acceptedText: string | null; vatRateBp: number };
  product: { id: number; name: string; depositCents: number; location: string | null; category: string | null };
  services: { name: string; costCents: number }[];
  owner: ContractParty;
  /** A manual (off-platform) rent has no renter account: the person's name and phone stand in. */
  renter: ContractParty;
  /** The paid extensions (issue 31), oldest first: each made the next version of the contract. */
  extensions: { version: number; previousEndTs: Date; newEndTs: Date; differenceCents: number; paidTs: Date }[];
}

/** A reservation looked up by its hash: who its parties are, and its contract if it has one. */
export interface ReservationContractDocument {
  renterId: number | null;
  ownerId: number;
  document: ContractDocumentData | null;
}

/** Reads what a rental contract's document shows; nothing here writes. */
export class ContractDocumentRepository {
  constructor(private readonly db: Db) {}

  async findByContractId(id: number): Promise<ContractDocumentData | undefined> {
    return this.load(eq(contracts.id, id));
  }

  async findByReservationHash(hash: string): Promise<ReservationContractDocument | undefined> {
    const [reservation] = await this.db
      .select({ id: reservations.id, userId: reservations.userId, ownerId: reservations.productOwnerId })
      .from(reservations)
      .where(eq(reservations.hash, hash))
      .limit(1);
    if (!reservation) return undefined;
    const document = (await this.load(eq(contracts.reservationId, reservation.id))) ?? null;
    return { renterId: reservation.userId, ownerId: reservation.ownerId, document };
  }

  private async load(where: SQL): Promise<ContractDocumentData | undefined> {
    const renter = alias(users, 'renter');
    const owner = alias(users, 'owner');
    const [row] = await this.db
      .select({ contract: contracts, reservation: reservations, product: products, category: categories.name, renter, owner })
      .from(contracts)
      .innerJoin(reservations, eq(reservations.id, contracts.reservationId))
      .innerJoin(products, eq(products.id, contracts.productId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(renter, eq(renter.id, contracts.renterId))
      .innerJoin(owner, eq(owner.id, contracts.ownerId))
      .where(where)
      .limit(1);
    if (!row) return undefined;
    const { contract, reservation, product } = row;

    const partyIds = [contract.ownerId, ...(contract.renterId ? [contract.renterId] : [])];
    const [contacts, services, extensions] = await Promise.all([
      this.db
        .select({ userId: contactInfos.userId, type: contactInfos.type, value: contactInfos.value })
        .from(contactInfos)
        .where(and(inArray(contactInfos.userId, partyIds), inArray(contactInfos.type, ['PHONE', 'EMAIL'])))
        // The prime contact first, then the oldest: the one the user has had longest.
        .orderBy(desc(contactInfos.prime), asc(contactInfos.id)),
      this.db
        .select({ name: additionalServices.name, costCents: reservationAdditionalServices.costCents })
        .from(reservationAdditionalServices)
        .innerJoin(additionalServices, eq(additionalServices.id, reservationAdditionalServices.additionalServiceId))
        .where(eq(reservationAdditionalServices.reservationId, reservation.id))
        .orderBy(asc(additionalServices.id)),
      this.db
        .select()
        .from(contractExtensions)
        .where(and(eq(contractExtensions.contractId, contract.id), eq(contractExtensions.status, 'PAID')))
        .orderBy(asc(contractExtensions.id)),
    ]);
    const contactOf = (userId: number, type: 'PHONE' | 'EMAIL') =>
      contacts.find((c) => c.userId === userId && c.type === type)?.value ?? null;
    const party = (user: typeof users.$inferSelect): ContractParty => ({
      type: user.type,
      name: user.name,
      lastName: user.lastName,
      identityCode: user.identityCode,
      registryCode: user.registryCode,
      representativeName: user.representativeName,
      phone: contactOf(user.id, 'PHONE'),
      // The username is the sign-in e-mail; a contact e-mail, when given, is the one to write to.
      email: contactOf(user.id, 'EMAIL') ?? user.username,
    });

    return {
      id: contract.id,
      status: contract.status,
      createdTs: contract.createdTs,
      startTs: contract.startTs,
      endTs: contract.endTs,
      amountCents: contract.amountCents,
      vatCents: contract.vatCents,
      feeCents: contract.feeCents,
      additionalServiceCostCents: contract.additionalServiceCostCents,
      paidLater: contract.paidLater,
      contractData: contract.contractData,
      renterId: contract.renterId,
      ownerId: contract.ownerId,
      reservation: {
        id: reservation.id,
        hash: reservation.hash,
        hourly: reservation.hourly,
        acceptedText: reservation.acceptedText,
        vatRateBp: reservation.vatRateBp,
      },
      product: {
        id: product.id,
        name: product.name,
        depositCents: product.costCents,
        location: product.locationDescription,
        category: row.category,
      },
      services,
      extensions: extensions.map((e) => ({
        version: e.contractVersion ?? 1,
        previousEndTs: e.previousEndTs,
        newEndTs: e.newEndTs,
        differenceCents: e.differenceCents,
        paidTs: e.paidTs ?? e.requestedTs,
      })),
      owner: party(row.owner),
      renter: row.renter
        ? party(row.renter)
        : {
            type: 'B2C',
            name: reservation.personName ?? '',
            lastName: null,
            identityCode: null,
            registryCode: null,
            representativeName: null,
            phone: reservation.personPhone,
            email: null,
          },
    };
  }
}
