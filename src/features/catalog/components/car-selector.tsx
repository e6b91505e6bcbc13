import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useQuery } from '@tanstack/react-query';
import addOutline from 'ionicons-svg/add-outline.svg?raw';
import createOutline from 'ionicons-svg/create-outline.svg?raw';
import eyeOutline from 'ionicons-svg/eye-outline.svg?raw';
import swapHorizontalOutline from 'ionicons-svg/swap-horizontal-outline.svg?raw';
import { useMemo, useState } from 'react';
import type { Car } from '@core/schemas/catalog';
import { it } from '../../../i18n/catalog';
import { FormError } from '../../../ui/form';
import { brandsQuery, fetchCar, modelsQuery, versionsQuery } from '../api/catalog';
import { CustomCarModal } from './custom-car-modal';
import { Icon } from '../../../ui/icon';
import { serverUrl } from '../../../api/origin';

type Props = { car: Car | null; onChange: (car: Car | null) => void; error?: string | undefined };

/**
 * The car selector (account spec §2 and §4): vehicle type, searchable brands with logo,
 * then models, then versions. Changing the vehicle type resets the brand; choosing a brand clears
 * model and version; choosing a model clears the version.
 */
export function CarSelector({ car, onChange, error }: Props) {
  const t = it.catalog.car;
  const [vehicleType, setVehicleType] = useState<'auto' | 'commerciale'>(car?.vehicleType === 'commerciale' ? 'commerciale' : 'auto');
  const [brand, setBrand] = useState<string | null>(null);
  const [model, setModel] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [modal, setModal] = useState<{ car: Car | null } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [loadingVersion, setLoadingVersion] = useState(false);
  const brands = useQuery(brandsQuery);
  const models = useQuery({ ...modelsQuery(brand ?? '', vehicleType), enabled: brand?.length === 3 });
  const versions = useQuery({ ...versionsQuery(brand ?? '', model ?? '', vehicleType), enabled: !!brand && !!model });

  const shownBrands = useMemo(
    () => (brands.data ?? []).filter((b) => b.vehicleTypes.includes(vehicleType) && b.name.toLowerCase().includes(filter.trim().toLowerCase())),
    [brands.data, vehicleType, filter],
  );
  const brandName = brands.data?.find((b) => b.code === brand)?.name;
  const modelName = models.data?.find((m) => m.code === model)?.name;

  const pickVersion = async (code: string) => {
    setFailure(null);
    setLoadingVersion(true);
    try {
      onChange(await fetchCar(code));
    } catch (err) {
      setFailure(err);
    } finally {
      setLoadingVersion(false);
    }
  };

  const modalEl = modal && (
    <CustomCarModal
      open
      car={modal.car}
      seed={{ brand: brandName, modello: modelName, vehicleType }}
      onClose={() => setModal(null)}
      onSaved={(saved) => {
        setModal(null);
        onChange(saved);
      }}
    />
  );

  if (car)
    return (
      <div className="car-chosen" data-testid="car-chosen">
        <div>
          <strong>
            {car.brand} {car.modello}
          </strong>
          <span>{car.allestimento}</span>
          {car.is_custom && <span className="catalog-chip">{t.customTag}</span>}
        </div>
        <div className="catalog-actions">
          <Button size="small" fill="outline" onClick={() => setModal({ car })}>
            <Icon slot="start" icon={car.editable ? createOutline : eyeOutline} />
            {car.editable ? t.editCustom : t.show}
          </Button>
          <Button size="small" fill="clear" onClick={() => onChange(null)}>
            <Icon slot="start" icon={swapHorizontalOutline} />
            {t.change}
          </Button>
        </div>
        {modalEl}
      </div>
    );

  return (
    <div className="car-selector" data-testid="car-selector">
      <fieldset className="radio-row">
        <legend>{t.vehicleType}</legend>
        {(['auto', 'commerciale'] as const).map((v) => (
          <label key={v}>
            <input
              type="radio"
              name="vehicleType"
              value={v}
              checked={vehicleType === v}
              onChange={() => {
                setVehicleType(v);
                setBrand(null);
                setModel(null);
              }}
            />
            {t[v]}
          </label>
        ))}
      </fieldset>

      <label className="native-field">
        <span>{t.brandSearch}</span>
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t.brandSearch} />
      </label>
      {brands.isPending && <Spinner />}
      <div className="brand-list" role="listbox" aria-label={t.brand}>
        {shownBrands.map((b) => (
          <button
            type="button"
            role="option"
            aria-selected={brand === b.code}
            key={b.code}
            className={`brand-item${brand === b.code ? ' is-selected' : ''}`}
            onClick={() => {
              setBrand(b.code);
              setModel(null);
            }}
          >
            <img src={serverUrl(b.logo)} alt="" width={32} height={32} />
            <span>{b.name}</span>
          </button>
        ))}
      </div>

      {brand && (
        <label className="native-field">
          <span>{t.model}</span>
          <select value={model ?? ''} onChange={(e) => setModel(e.target.value || null)} data-testid="model-select">
            <option value="">{t.chooseModel}</option>
            {models.data?.map((m) => (
              <option key={m.code} value={m.code}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      )}

      {brand && model && (
        <div className="version-list" role="list" aria-label={t.version}>
          <span className="version-label">{t.chooseVersion}</span>
          {versions.data?.map((v) => (
            <button type="button" key={v.code} className="version-item" onClick={() => void pickVersion(v.code)} disabled={loadingVersion}>
              {v.name}
              {v.is_custom && <span className="catalog-chip">{t.customTag}</span>}
            </button>
          ))}
        </div>
      )}
      <Button fill="outline" size="small" onClick={() => setModal({ car: null })} data-testid="add-custom-version">
        <Icon slot="start" icon={addOutline} />
        {t.addCustom}
      </Button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <FormError error={failure} />
      {modalEl}
    </div>
  );
}
