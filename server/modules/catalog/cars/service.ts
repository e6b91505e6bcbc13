// The car catalogue and its pictures (docs/adr/0137-cars-custom-cars-and-images.md): the versions agents pick from, custom cars, and the
// custom images that stand in for the generated ones.
import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { carImagePath, isBody } from '@core/car-image';
import { bodyOf, CATALOG_MESSAGES, CATALOG_TAG, searchCategoryOf, searchFuelOf, searchGearOf, slugify } from '@core/catalog';
import { MESSAGES } from '@core/i18n-messages';
import type { Brand, Car, CarImage, CarModel, CarVersion, CustomCarInput } from '@core/schemas/catalog';
import type { Db } from '../../../db/client';
import { carImages, carOptions, cars, offers } from '../../../db/schema';
import { invalid, notFound } from '../../../lib/errors';
import { assertImagesWithinLimits, sniffImage } from '../../../lib/images';
import type { FileStore } from '../../../lib/storage';
import { ownedBy, ownerValues, type Scope, token } from '../scope';

const IMAGE_NAME = /^[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp)$/;
export const imageUrl = (fileKey: string) => `/api/v1/car/images/file/${fileKey.split('/')[1]}`;

export type CarRow = typeof cars.$inferSelect;

export class CarsService {
  constructor(
    private readonly db: Db,
    private readonly uploads: FileStore,
  ) {}

  // ---- cars -------------------------------------------------------------------------------

  visibleCars(s: Scope): SQL {
    return or(eq(cars.isCustom, false), ownedBy(cars, s)) as SQL;
  }

  toCar(c: CarRow, s: Scope): Car {
    return {
      id: c.id,
      code: c.code,
      motornet: c.code,
      eurotax: String(c.id),
      is_custom: c.isCustom,
      editable: c.isCustom && (s.group ? c.ownerGroup === s.group : c.ownerGroup === null && c.ownerUserId === s.userId),
      vehicleType: c.vehicleType,
      brand: c.brand,
      brandCode: c.brandCode,
      modello: c.model,
      modelCode: slugify(c.model),
      allestimento: c.version,
      category: c.category,
      fuel: c.fuel,
      segmento: c.segment,
      neo_patentati: c.noviceDriver,
      cilindrata: c.displacement,
      cavalli_fiscali: c.fiscalHp,
      descrizione_trazione: c.traction,
      desc_motore: c.engineDescription,
      hp: c.hp,
      consumo_medio: c.consumption,
      kw: c.kw,
      euro: c.euro,
      emissioni_co2: c.co2,
      descrizione_cambio: c.gearDescription,
      larghezza: c.width,
      lunghezza: c.length,
      bagagliaio: c.boot,
      posti: c.seats,
      porte: c.doors,
    };
  }

  async brands(s: Scope): Promise<Brand[]> {
    const rows = await this.db.selectDistinct({ code: cars.brandCode, name: cars.brand, vehicleType: cars.vehicleType }).from(cars).where(this.visibleCars(s));
    const byCode = new Map<string, Brand>();
    for (const r of rows) {
      const b = byCode.get(r.code) ?? { code: r.code, name: r.name, logo: `/api/v1/car/brands/${r.code}/logo.svg`, vehicleTypes: [] };
      if (!b.vehicleTypes.includes(r.vehicleType)) b.vehicleTypes.push(r.vehicleType);
      byCode.set(r.code, b);
    }
    return [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  async models(s: Scope, brand: string, vehicleType: string | undefined): Promise<CarModel[]> {
    const rows = await this.db
      .selectDistinct({ name: cars.model })
      .from(cars)
      .where(and(this.visibleCars(s), eq(cars.brandCode, brand.toUpperCase()), vehicleType ? eq(cars.vehicleType, vehicleType as 'auto') : undefined));
    return rows.map((r) => ({ code: slugify(r.name), name: r.name })).sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  async versions(s: Scope, brand: string, model: string, vehicleType: string | undefined): Promise<CarVersion[]> {
    const rows = await this.db
      .select()
      .from(cars)
      .where(and(this.visibleCars(s), eq(cars.brandCode, brand.toUpperCase()), vehicleType ? eq(cars.vehicleType, vehicleType as 'auto') : undefined))
      .orderBy(asc(cars.version));
    return rows
      .filter((c) => slugify(c.model) === model)
      .map((c) => ({
        // The spec's client splits the code on a dash into motornet and eurotax.
        code: `${c.code}-${c.id}`,
        // "a name prefix is removed": the model's name, when the version repeats it.
        name: c.version.startsWith(`${c.model} `) ? c.version.slice(c.model.length + 1) : c.version,
        id: c.id,
        is_custom: c.isCustom,
      }));
  }

  async carRow(s: Scope, where: SQL): Promise<CarRow> {
    const [row] = await this.db
      .select()
      .from(cars)
      .where(and(this.visibleCars(s), where));
    if (!row) throw notFound();
    return row;
  }

  async car(s: Scope, motornet: string, eurotax: string | undefined): Promise<Car> {
    const row = await this.carRow(s, and(eq(cars.code, motornet), eurotax && /^\d+$/.test(eurotax) ? eq(cars.id, Number(eurotax)) : undefined) as SQL);
    return this.toCar(row, s);
  }

  private customCarValues(input: CustomCarInput) {
    return {
      vehicleType: input.vehicleType,
      brand: input.brand,
      brandSlug: slugify(input.brand),
      model: input.modello,
      version: input.allestimento,
      category: input.category,
      body: bodyOf(input.category),
      fuel: input.fuel,
      gear: searchGearOf(input.descrizione_cambio),
      gearDescription: input.descrizione_cambio,
      displacement: input.cilindrata,
      seats: input.posti,
      doors: input.porte,
      width: input.larghezza,
      length: input.lunghezza,
      height: 0,
      boot: input.bagagliaio,
      hp: input.hp,
      kw: input.kw,
      traction: input.descrizione_trazione,
      consumption: input.consumo_medio,
      co2: input.emissioni_co2,
      listPrice: 0,
      segment: input.segmento,
      noviceDriver: input.neo_patentati,
      fiscalHp: input.cavalli_fiscali,
      engineDescription: input.desc_motore,
      euro: input.euro,
    };
  }

  async createCar(s: Scope, input: CustomCarInput): Promise<Car> {
    const [row] = await this.db
      .insert(cars)
      .values({ ...this.customCarValues(input), code: `CUS${token(5)}`, isCustom: true, ...ownerValues(s) })
      .returning();
    return this.toCar(row!, s);
  }

  async updateCar(s: Scope, id: number, input: CustomCarInput): Promise<Car> {
    const current = await this.carRow(s, eq(cars.id, id));
    if (!current.isCustom) throw invalid({ car: [CATALOG_MESSAGES.catalogCarReadOnly] }, CATALOG_MESSAGES.catalogCarReadOnly);
    const values = this.customCarValues(input);
    const [row] = await this.db
      .update(cars)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(cars.id, id))
      .returning();
    // Offers copy the car's search fields.
    await this.db
      .update(offers)
      .set({
        brand: values.brandSlug,
        model: values.model,
        category: searchCategoryOf(values.category),
        fuel: searchFuelOf(values.fuel),
        gear: values.gear,
        vehicleType: values.vehicleType,
        updatedAt: new Date(),
      })
      .where(eq(offers.carId, id));
    await this.syncOfferImages(s, id);
    return this.toCar(row!, s);
  }

  // ---- images -----------------------------------------------------------------------------

  private async defaultImages(car: CarRow): Promise<CarImage[]> {
    const paints = await this.db
      .select({ hex: carOptions.hex, description: carOptions.description })
      .from(carOptions)
      .where(and(eq(carOptions.carId, car.id), eq(carOptions.groupCode, 'VER')))
      .orderBy(asc(carOptions.id));
    const list = paints.filter((p): p is { hex: string; description: string } => !!p.hex);
    const shown = list.length ? list : [{ hex: 'f2f3f5', description: 'Bianco' }];
    return shown.map((p, i) => ({
      id: null,
      source: carImagePath(isBody(car.body) ? car.body : 'hatchback', p.hex),
      description: p.description,
      type: i === 0 ? 'MAIN' : 'OTHER',
      group: 'default',
    }));
  }

  private async customImages(s: Scope, carId: number): Promise<CarImage[]> {
    const rows = await this.db
      .select()
      .from(carImages)
      .where(and(eq(carImages.carId, carId), ownedBy(carImages, s)))
      .orderBy(asc(carImages.id));
    return rows.map((r) => ({ id: r.id, source: imageUrl(r.fileKey), description: r.description, type: r.type, group: 'custom' }));
  }

  async images(s: Scope, carCode: string): Promise<CarImage[]> {
    const car = await this.carRow(s, /^\d+$/.test(carCode) ? (eq(cars.id, Number(carCode)) as SQL) : (eq(cars.code, carCode) as SQL));
    return [...(await this.customImages(s, car.id)), ...(await this.defaultImages(car))];
  }

  /** The picture of the scope's catalogue offers of a car: the custom MAIN image, else the default one. */
  async syncOfferImages(s: Scope, carId: number) {
    const car = await this.carRow(s, eq(cars.id, carId));
    const custom = await this.customImages(s, carId);
    const image = custom.find((i) => i.type === 'MAIN')?.source ?? (await this.defaultImages(car))[0]!.source;
    await this.db
      .update(offers)
      .set({ image, updatedAt: new Date() })
      .where(and(eq(offers.carId, carId), eq(offers.tag, CATALOG_TAG), ownedBy(offers, s), isNull(offers.deletedAt)));
  }

  async uploadImages(s: Scope, carId: number, files: { data: Buffer }[]): Promise<CarImage[]> {
    await this.carRow(s, eq(cars.id, carId));
    if (files.length === 0) throw invalid({ 'immagini[]': [MESSAGES.fileMissing] });
    const kinds = files.map((f) => sniffImage(f.data));
    if (kinds.some((k) => !k)) throw invalid({ 'immagini[]': [MESSAGES.imageOnly] });
    assertImagesWithinLimits('immagini[]', files);
    const hasMain = (await this.customImages(s, carId)).some((i) => i.type === 'MAIN');
    for (const [i, f] of files.entries()) {
      const fileKey = await this.uploads.save('cars', f.data, kinds[i]!);
      await this.db.insert(carImages).values({ carId, fileKey, ...ownerValues(s), type: !hasMain && i === 0 ? 'MAIN' : 'OTHER' });
    }
    await this.syncOfferImages(s, carId);
    return this.images(s, String(carId));
  }

  private async imageRow(s: Scope, id: number) {
    const [row] = await this.db
      .select()
      .from(carImages)
      .where(and(eq(carImages.id, id), ownedBy(carImages, s)));
    if (!row) throw notFound();
    return row;
  }

  async setMainImage(s: Scope, id: number): Promise<CarImage[]> {
    const row = await this.imageRow(s, id);
    await this.db.transaction(async (tx) => {
      await tx
        .update(carImages)
        .set({ type: 'OTHER' })
        .where(and(eq(carImages.carId, row.carId), ownedBy(carImages, s)));
      await tx.update(carImages).set({ type: 'MAIN' }).where(eq(carImages.id, id));
    });
    await this.syncOfferImages(s, row.carId);
    return this.images(s, String(row.carId));
  }

  async deleteImage(s: Scope, id: number): Promise<CarImage[]> {
    const row = await this.imageRow(s, id);
    await this.db.delete(carImages).where(eq(carImages.id, id));
    if (row.type === 'MAIN') {
      const [next] = await this.db
        .select({ id: carImages.id })
        .from(carImages)
        .where(and(eq(carImages.carId, row.carId), ownedBy(carImages, s)))
        .orderBy(asc(carImages.id))
        .limit(1);
      if (next) await this.db.update(carImages).set({ type: 'MAIN' }).where(eq(carImages.id, next.id));
    }
    await this.syncOfferImages(s, row.carId);
    return this.images(s, String(row.carId));
  }

  /** 'Default images' chosen: every custom image of the car goes; answers what remains. */
  async clearImages(s: Scope, carId: number): Promise<CarImage[]> {
    await this.carRow(s, eq(cars.id, carId));
    await this.db.delete(carImages).where(and(eq(carImages.carId, carId), ownedBy(carImages, s)));
    await this.syncOfferImages(s, carId);
    return this.images(s, String(carId));
  }

  async imageFile(name: string): Promise<{ data: Buffer; contentType: string } | null> {
    if (!IMAGE_NAME.test(name)) return null;
    const data = await this.uploads.read(`cars/${name}`);
    const kind = data ? sniffImage(data) : null;
    return data && kind ? { data, contentType: kind.contentType } : null;
  }

  /** The images of a car as files, for the zip download: 'custom', 'default', or 'MAIN' (the one shown). */
  async imageFiles(s: Scope, carId: number, type: string, render: (source: string) => Buffer | null) {
    const car = await this.carRow(s, eq(cars.id, carId));
    const custom = await this.customImages(s, carId);
    const defaults = await this.defaultImages(car);
    let chosen: CarImage[];
    if (type === 'custom') chosen = custom;
    else if (type === 'default') chosen = defaults;
    else if (type === 'MAIN') chosen = [custom.find((i) => i.type === 'MAIN') ?? defaults[0]!];
    else throw notFound();
    const files: { name: string; data: Buffer }[] = [];
    for (const [i, img] of chosen.entries()) {
      const n = String(i + 1).padStart(2, '0');
      if (img.group === 'custom') {
        const file = await this.imageFile(img.source.split('/').pop() ?? '');
        if (file) files.push({ name: `${n}${img.type === 'MAIN' ? '-principale' : ''}.${img.source.split('.').pop()}`, data: file.data });
      } else {
        const data = render(img.source);
        if (data) files.push({ name: `${n}-${slugify(img.description) || 'immagine'}.svg`, data });
      }
    }
    return { name: `${car.brand} ${car.model}`.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, ''), files };
  }
}
