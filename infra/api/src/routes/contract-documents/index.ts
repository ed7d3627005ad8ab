import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { IdParam, ReservationHashParams } from 'shared-kernel/schemas';
import { z } from 'zod';
import { notFound } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import type { ContractDocumentData } from '../../repositories/contract-document-repository';
import { mediaResponse, responses } from '../../schemas/responses';
import { contractFileName, renderContractPdf } from '../../services/contract-pdf';

const pdfAnswer = responses({
  200: mediaResponse('The rental contract as a PDF file (a download)', ['application/pdf'], z.string().describe('PDF bytes')),
});

const isParty = (userId: number, parties: { renterId: number | null; ownerId: number }) =>
  userId === parties.renterId || userId === parties.ownerId;

/** The rental contract's PDF, for its two parties only (owner spec 6; public spec 7 "blob"). */
export const contractDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  async function sendPdf(reply: FastifyReply, contract: ContractDocumentData) {
    const pdf = await renderContractPdf(contract);
    return (
      reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${contractFileName(contract.id)}"`)
        // Identity codes and phone numbers: neither a shared cache nor the browser's may keep it.
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength))
    );
  }

  /** The contract of a reservation, by the reservation's hash (the rental request page's link). */
  app.get(
    '/reservations/hash/:hash/contract/document',
    { schema: { params: ReservationHashParams, response: pdfAnswer } },
    async (request, reply) => {
      const user = requireUser(request);
      const found = await app.contractDocumentRepository.findByReservationHash(request.params.hash);
      // Someone else's reservation is answered as an unknown one: a hash says nothing about who rents.
      if (!found || !isParty(user.id, found.document ?? found)) throw notFound(messages.errors.api.reservationNotFound);
      if (!found.document) throw notFound(messages.errors.api.contractNotFound);
      return sendPdf(reply, found.document);
    },
  );

  /** A contract by its id (the contracts page's download). */
  app.get('/contracts/document/:id', { schema: { params: IdParam, response: pdfAnswer } }, async (request, reply) => {
    const user = requireUser(request);
    const contract = await app.contractDocumentRepository.findByContractId(request.params.id);
    if (!contract || !isParty(user.id, contract)) throw notFound(messages.errors.api.contractNotFound);
    return sendPdf(reply, contract);
  });
};
