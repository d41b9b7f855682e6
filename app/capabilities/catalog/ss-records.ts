/** The S&S Activewear v2 records the catalogue reads (see reference/suppliers.md §1). */
export interface SsStyle {
  styleID: number;
  partNumber?: string;
  brandName?: string;
  styleName?: string;
  title?: string;
  description?: string;
  baseCategory?: string;
  categories?: string;
  newStyle?: boolean;
  styleImage?: string;
  sustainableStyle?: boolean;
  [field: string]: unknown;
}

export interface SsProduct {
  sku?: string;
  skuID?: number;
  skuID_Master?: number;
  styleID: number;
  brandName?: string;
  styleName?: string;
  colorName?: string;
  colorFamily?: string;
  color1?: string;
  colorFrontImage?: string;
  sizeName?: string;
  sizeOrder?: string;
  piecePrice?: number;
  customerPrice?: number;
  qty?: number;
  [field: string]: unknown;
}

/** The catalogue source a sync reads: the S&S client in production, a generated feed in tests. */
export interface CatalogFeed {
  /** Every style's id and nothing more: the sync's list, small at any catalogue size. */
  getStyleIds(): Promise<unknown[]>;
  /** These styles' records, or every style's without ids. */
  getStyles(styleIds?: number[]): Promise<SsStyle[]>;
  getProductsByStyleIds(styleIds: number[]): Promise<SsProduct[]>;
  /** A cheap authenticated call; without it the connection test lists the styles' ids. */
  testConnection?(): Promise<void>;
}
