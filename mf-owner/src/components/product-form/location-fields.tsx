import { useFormContext, useFormState, useWatch } from 'shared-kernel/forms';
import { LocationPicker } from '../location-picker/location-picker';
import type { ProductFormValues } from './model/product-form-model';

/** The location picker bound to the wizard form (lat, lon and the place text). */
export function LocationFields() {
  const form = useFormContext<ProductFormValues>();
  const [lat, lon, description] = useWatch<ProductFormValues, ['lat', 'lon', 'locationDescription']>({
    name: ['lat', 'lon', 'locationDescription'],
  });
  const { errors } = useFormState<ProductFormValues>({ name: 'lon' });
  return (
    <LocationPicker
      value={{ lat, lon, description }}
      error={errors.lon?.message}
      onChange={(next) => {
        form.setValue('locationDescription', next.description, { shouldDirty: true });
        form.setValue('lat', next.lat, { shouldDirty: true });
        // Validated only once a point is there, so typing does not flash the message.
        form.setValue('lon', next.lon, { shouldDirty: true, shouldValidate: next.lon !== null });
      }}
    />
  );
}
