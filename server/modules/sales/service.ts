import type { Db } from '../../db/client';
import type { QuotationsService } from '../quotations/service';
import { CustomersService } from './customers';
import { QuotationListService } from './quotation-list';
import { StatisticsService } from './statistics';

export type { ExportRow } from './quotation-list';

/** The sales side of the portal, one service per aggregate: quotations list, statistics, customers. */
export class SalesService {
  readonly list: QuotationListService;
  readonly stats: StatisticsService;
  readonly customers: CustomersService;
  constructor(db: Db, quotationsService: QuotationsService) {
    this.list = new QuotationListService(db, quotationsService);
    this.stats = new StatisticsService(db, quotationsService, this.list);
    this.customers = new CustomersService(db, quotationsService, this.list);
  }
}
