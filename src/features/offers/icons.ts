import batteryChargingOutline from 'ionicons-svg/battery-charging-outline.svg?raw';
import boatOutline from 'ionicons-svg/boat-outline.svg?raw';
import briefcaseOutline from 'ionicons-svg/briefcase-outline.svg?raw';
import busOutline from 'ionicons-svg/bus-outline.svg?raw';
import carOutline from 'ionicons-svg/car-outline.svg?raw';
import carSportOutline from 'ionicons-svg/car-sport-outline.svg?raw';
import checkmarkCircleOutline from 'ionicons-svg/checkmark-circle-outline.svg?raw';
import cogOutline from 'ionicons-svg/cog-outline.svg?raw';
import constructOutline from 'ionicons-svg/construct-outline.svg?raw';
import cubeOutline from 'ionicons-svg/cube-outline.svg?raw';
import flameOutline from 'ionicons-svg/flame-outline.svg?raw';
import flashOutline from 'ionicons-svg/flash-outline.svg?raw';
import gitCommitOutline from 'ionicons-svg/git-commit-outline.svg?raw';
import infiniteOutline from 'ionicons-svg/infinite-outline.svg?raw';
import leafOutline from 'ionicons-svg/leaf-outline.svg?raw';
import personOutline from 'ionicons-svg/person-outline.svg?raw';
import rocketOutline from 'ionicons-svg/rocket-outline.svg?raw';
import schoolOutline from 'ionicons-svg/school-outline.svg?raw';
import sparklesOutline from 'ionicons-svg/sparkles-outline.svg?raw';
import speedometerOutline from 'ionicons-svg/speedometer-outline.svg?raw';
import timeOutline from 'ionicons-svg/time-outline.svg?raw';
import water from 'ionicons-svg/water.svg?raw';
import waterOutline from 'ionicons-svg/water-outline.svg?raw';

// The server names icons (core/offer-options.ts); only these are bundled.
const ICONS: Record<string, string> = {
  'battery-charging-outline': batteryChargingOutline,
  'boat-outline': boatOutline,
  'briefcase-outline': briefcaseOutline,
  'bus-outline': busOutline,
  'car-outline': carOutline,
  'car-sport-outline': carSportOutline,
  'checkmark-circle-outline': checkmarkCircleOutline,
  'cog-outline': cogOutline,
  'construct-outline': constructOutline,
  'cube-outline': cubeOutline,
  'flame-outline': flameOutline,
  'flash-outline': flashOutline,
  'git-commit-outline': gitCommitOutline,
  'infinite-outline': infiniteOutline,
  'leaf-outline': leafOutline,
  'person-outline': personOutline,
  'rocket-outline': rocketOutline,
  'school-outline': schoolOutline,
  'sparkles-outline': sparklesOutline,
  'speedometer-outline': speedometerOutline,
  'time-outline': timeOutline,
  water,
  'water-outline': waterOutline,
};

export const iconFor = (name: string | null | undefined) => (name ? ICONS[name] : undefined);
