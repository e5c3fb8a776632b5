import type { Partner } from "./types";

/** Companies that have hired our students, shown on /industry-partnership. */
export const partners: Partner[] = [
  {
    name: "Nilgiri Microsystems",
    logo: {
      src: "/images/partners/nilgiri-microsystems.svg",
      width: 240,
      height: 120,
      alt: "Nilgiri Microsystems logo",
    },
  },
  {
    name: "Deccan Silicon Labs",
    logo: {
      src: "/images/partners/deccan-silicon-labs.svg",
      width: 240,
      height: 120,
      alt: "Deccan Silicon Labs logo",
    },
  },
  {
    name: "Kaveri Embedded Works",
    logo: {
      src: "/images/partners/kaveri-embedded-works.svg",
      width: 240,
      height: 120,
      alt: "Kaveri Embedded Works logo",
    },
  },
  {
    name: "Malnad Circuitry",
    logo: {
      src: "/images/partners/malnad-circuitry.svg",
      width: 240,
      height: 120,
      alt: "Malnad Circuitry logo",
    },
  },
  {
    name: "Tungabhadra Automation",
    logo: {
      src: "/images/partners/tungabhadra-automation.svg",
      width: 240,
      height: 120,
      alt: "Tungabhadra Automation logo",
    },
  },
  {
    name: "Hampi Data Systems",
    logo: {
      src: "/images/partners/hampi-data-systems.svg",
      width: 240,
      height: 120,
      alt: "Hampi Data Systems logo",
    },
  },
  {
    name: "Palar Devices",
    logo: {
      src: "/images/partners/palar-devices.svg",
      width: 240,
      height: 120,
      alt: "Palar Devices logo",
    },
  },
  {
    name: "Vaigai Software Studio",
    logo: {
      src: "/images/partners/vaigai-software-studio.svg",
      width: 240,
      height: 120,
      alt: "Vaigai Software Studio logo",
    },
  },
  {
    name: "Kodagu Cloudworks",
    logo: {
      src: "/images/partners/kodagu-cloudworks.svg",
      width: 240,
      height: 120,
      alt: "Kodagu Cloudworks logo",
    },
  },
  {
    name: "Sahyadri Signal Labs",
    logo: {
      src: "/images/partners/sahyadri-signal-labs.svg",
      width: 240,
      height: 120,
      alt: "Sahyadri Signal Labs logo",
    },
  },
  {
    name: "Adyar Motion Controls",
    logo: {
      src: "/images/partners/adyar-motion-controls.svg",
      width: 240,
      height: 120,
      alt: "Adyar Motion Controls logo",
    },
  },
  {
    name: "Bisle Robotics",
    logo: {
      src: "/images/partners/bisle-robotics.svg",
      width: 240,
      height: 120,
      alt: "Bisle Robotics logo",
    },
  },
];
