import { z } from 'zod';
import { ApiKeySchema, MarketingPostSchema, TeamMemberSchema } from '@core/schemas/account';
import { ProfileSchema, SessionSchema } from '@core/schemas/auth';
import {
  BrokerSchema,
  CarImageSchema,
  CarSchema,
  CatalogOfferSchema,
  CustomCarInputSchema,
  ProductRowSchema,
  ProviderSchema,
  ServiceSchema,
  VariationSchema,
} from '@core/schemas/catalog';
import { ContractualCategorySchema } from '@core/schemas/common';
import { CustomerDetailSchema, CustomerListItemSchema } from '@core/schemas/network';
import { OfferDetailSchema, ServiceSchema as OfferServiceSchema } from '@core/schemas/offer-detail';
import { CarSchema as OfferCarSchema, FilterSetSchema, OfferCardSchema, OfferSearchSchema } from '@core/schemas/offers';
import { CustomerSchema, ProposalSchema } from '@core/schemas/quotations';
import { AgentStatisticsSchema, AgentSummarySchema, QuotationListItemSchema, QuotationSearchSchema } from '@core/schemas/sales';
import { PublicProposalSchema, QuotationShareSchema } from '@core/schemas/share';

/**
 * The schemas the document names as components (`#/components/schemas/…`): the payloads an integrator
 * meets in several operations.
 */
export const COMPONENTS: [z.ZodType, string][] = [
  [ProfileSchema, 'Profile'],
  [SessionSchema, 'Session'],
  [ApiKeySchema, 'ApiKey'],
  [TeamMemberSchema, 'TeamMember'],
  [MarketingPostSchema, 'MarketingPost'],
  [ContractualCategorySchema, 'ContractualCategory'],
  [OfferCardSchema, 'OfferCard'],
  [OfferCarSchema, 'OfferCar'],
  [OfferDetailSchema, 'OfferDetail'],
  [OfferServiceSchema, 'OfferService'],
  [OfferSearchSchema, 'OfferSearch'],
  [FilterSetSchema, 'FilterSet'],
  [ProposalSchema, 'Proposal'],
  [CustomerSchema, 'QuotationCustomer'],
  [QuotationListItemSchema, 'QuotationListItem'],
  [QuotationSearchSchema, 'QuotationSearch'],
  [AgentStatisticsSchema, 'AgentStatistics'],
  [AgentSummarySchema, 'AgentSummary'],
  [CustomerListItemSchema, 'CustomerListItem'],
  [CustomerDetailSchema, 'CustomerDetail'],
  [PublicProposalSchema, 'PublicProposal'],
  [QuotationShareSchema, 'QuotationShare'],
  [CarSchema, 'Car'],
  [CustomCarInputSchema, 'CustomCar'],
  [CarImageSchema, 'CarImage'],
  [CatalogOfferSchema, 'CatalogOffer'],
  [VariationSchema, 'Variation'],
  [ServiceSchema, 'Service'],
  [BrokerSchema, 'Broker'],
  [ProviderSchema, 'Provider'],
  [ProductRowSchema, 'Product'],
];
