import { renderHook, waitFor } from '@testing-library/react';
import { getMarkers } from '../api/get-markers';
import { EMPTY_FILTERS } from '../model/search-filters';
import { useMarkers } from './use-search';

jest.mock('../api/get-markers');
const markersMock = getMarkers as jest.MockedFunction<typeof getMarkers>;

describe('useMarkers', () => {
  it('asks for the markers with the list filters, the distance circle included', async () => {
    markersMock.mockResolvedValue({ markers: [], truncated: false });
    renderHook(() => useMarkers({ ...EMPTY_FILTERS, search: 'haagis', cat: 4, lat: 58.378, lon: 26.729, dist: 25 }));
    await waitFor(() => expect(markersMock).toHaveBeenCalled());
    expect(markersMock).toHaveBeenCalledWith(expect.objectContaining({ name: 'haagis', category: 4, lat: 58.378, lon: 26.729, distance: 25 }), expect.anything());
  });

  it('sends no circle without a chosen place', async () => {
    markersMock.mockReset().mockResolvedValue({ markers: [], truncated: false });
    renderHook(() => useMarkers({ ...EMPTY_FILTERS, search: 'haagis', dist: 25 }));
    await waitFor(() => expect(markersMock).toHaveBeenCalled());
    expect(markersMock.mock.calls[0][0]).toEqual(expect.objectContaining({ lat: undefined, lon: undefined, distance: undefined }));
  });
});
