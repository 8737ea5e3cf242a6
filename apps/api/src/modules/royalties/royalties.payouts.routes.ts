import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PageQuery,
  PayoutProposal,
  PayoutProposalApproveBody,
  PayoutProposalList,
  PayoutProposalParams,
  PayoutDueList,
  PayoutRun,
  PayoutRunBody,
  PayoutRunList,
  PayoutRunParams,
  WithholdingBoard,
  WithholdingRateBody,
  WithholdingRateChange,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';
import { contentDisposition } from '../downloads/index.ts';

/** The admins' payouts: who is due, the runs that pay them, and each run's SEPA transfer file. */
export default async function payoutRoutes(app: FastifyInstance) {
  const { payouts, proposals, withholding } = app.royalties;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireRole('admin');
  const tags = ['back office'];
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.payoutsDue.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        'Every author with unpaid royalties: available and pending balances, bank details saved, payable by the next run',
      response: { 200: PayoutDueList, ...errorResponses(401, 403) },
    },
    handler: async () => payouts.due(),
  });

  api.post(endpoints.payoutRunCreate.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        'Pay the payable authors (or those named) their available balance: one payout each, entries marked paid, authors e-mailed; 409 when nothing is payable',
      body: PayoutRunBody,
      response: { 201: PayoutRun, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const run = await payouts.run(request.user!.id, request.body);
      return reply.status(201).send(run);
    },
  });

  api.get(endpoints.payoutRuns.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Payout runs, newest first',
      querystring: PageQuery,
      response: { 200: PayoutRunList, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => payouts.runs(request.query.page),
  });

  api.get(endpoints.payoutRun.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'A payout run with its payouts',
      params: PayoutRunParams,
      response: { 200: PayoutRun, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => payouts.getRun(request.params.id),
  });

  const xmlFile = (file: { fileName: string; xml: string }, reply: FastifyReply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.xml);

  api.get(endpoints.payoutRunInternationalFile.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        "The run's international credit transfer file (ISO 20022 pain.001.001.09, non-SEPA: charges bearer of the settings, account by IBAN or account number); 404 when the run has no such payout",
      params: PayoutRunParams,
      produces: ['application/xml'],
      response: {
        200: z.string().describe('the pain.001.001.09 XML file'),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request, reply) =>
      xmlFile(await payouts.transferFile(request.params.id, request.user!.id, 'international'), reply),
  });

  api.get(endpoints.payoutRunCsv.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        "The run's payouts as CSV: royalties, withholding rate and tax, amount transferred, transfer file",
      params: PayoutRunParams,
      produces: ['text/csv'],
      response: { 200: z.string().describe('CSV'), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const file = await payouts.payoutsCsv(request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.csv);
    },
  });

  api.get(endpoints.payoutProposals.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'The monthly payout proposals (the job proposes one on the 1st), newest first',
      response: { 200: PayoutProposalList, ...errorResponses(401, 403) },
    },
    handler: async () => proposals.list(),
  });

  api.post(endpoints.payoutProposalApprove.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        'Approve a proposal: its authors are paid what is payable now (a run, as by POST /admin/payouts/runs); 409 when decided already or nothing is payable',
      params: PayoutProposalParams,
      body: PayoutProposalApproveBody,
      response: { 201: PayoutRun, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await proposals.approve(request.params.id, request.user!.id, request.body.executionDate)),
  });

  api.post(endpoints.payoutProposalDismiss.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Dismiss a proposal (no run); 409 when decided already',
      params: PayoutProposalParams,
      response: { 200: PayoutProposal, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => proposals.dismiss(request.params.id, request.user!.id),
  });

  api.get(endpoints.withholdingRates.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Withholding tax rates per country of residence: those in force today, and every change',
      response: { 200: WithholdingBoard, ...errorResponses(401, 403) },
    },
    handler: async () => withholding.board(),
  });

  api.post(endpoints.withholdingRateAdd.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: "A country's withholding rate from a day on (today or later); payouts made keep theirs",
      body: WithholdingRateBody,
      response: { 201: WithholdingRateChange, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await withholding.add(request.body, request.user!.id)),
  });

  api.get(endpoints.payoutRunTransferFile.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        "The run's SEPA credit transfer file (pain.001.001.09) of its SEPA payouts, to upload to the bank; each IBAN decrypted is audited; 404 when the run has no SEPA payout",
      params: PayoutRunParams,
      produces: ['application/xml'],
      response: {
        200: z.string().describe('the pain.001.001.09 XML file'),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request, reply) =>
      xmlFile(await payouts.transferFile(request.params.id, request.user!.id, 'sepa'), reply),
  });
}
