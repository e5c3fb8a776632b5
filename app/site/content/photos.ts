// The photos a new database starts with: the drawings the site has always shown, in each
// place's order (app/site/photo-places.ts). Staff replace them in the desk; these are used
// only when the database has no photos at all (its first start, decision 022).
import type { BranchKey } from "~/site/branches";
import type { PhotoPlaceId } from "~/site/photo-places";

export interface DefaultPhoto {
  place: PhotoPlaceId;
  position: number;
  drawing: string;
  alt: string;
  caption: string;
  branch: BranchKey | null;
}

export const defaultPhotos: readonly DefaultPhoto[] = [
  {
    place: "hero",
    position: 1,
    drawing: "/images/hero/slide-1.svg",
    alt: "Illustration of a microcontroller board with a chip, header pins and glowing circuit traces",
    caption: "",
    branch: null,
  },
  {
    place: "hero",
    position: 2,
    drawing: "/images/hero/slide-2.svg",
    alt: "Illustration of sensors and connected devices sending data to the cloud",
    caption: "",
    branch: null,
  },
  {
    place: "hero",
    position: 3,
    drawing: "/images/hero/slide-3.svg",
    alt: "Illustration of a code editor and a terminal window",
    caption: "",
    branch: null,
  },
  {
    place: "hero",
    position: 4,
    drawing: "/images/hero/slide-4.svg",
    alt: "Illustration of a neural network with layers of connected nodes",
    caption: "",
    branch: null,
  },
  {
    place: "hero",
    position: 5,
    drawing: "/images/hero/slide-5.svg",
    alt: "Illustration of MATLAB-style plots: a waveform, a frequency response and a block diagram",
    caption: "",
    branch: null,
  },
  {
    place: "hero",
    position: 6,
    drawing: "/images/hero/slide-6.svg",
    alt: "Illustration of a classroom with a trainer at a whiteboard and students at lab desks",
    caption: "",
    branch: null,
  },
  {
    place: "hero",
    position: 7,
    drawing: "/images/hero/slide-7.svg",
    alt: "Illustration of graduates in caps in front of office buildings and a rising chart",
    caption: "",
    branch: null,
  },
  {
    place: "founder",
    position: 1,
    drawing: "/images/about/founder.svg",
    alt: "Illustrated portrait of Vikram Sundaresan, Founder & Chairman, in a blazer and spectacles",
    caption: "",
    branch: null,
  },
  {
    place: "facilities",
    position: 1,
    drawing: "/images/facilities/hardware-facilities.svg",
    alt: "Illustration of a lab bench with a development board, an oscilloscope, a power supply and a soldering station",
    caption: "",
    branch: null,
  },
  {
    place: "facilities",
    position: 2,
    drawing: "/images/facilities/practice-labs.svg",
    alt: "Illustration of a practice lab with rows of desks, monitors and development boards",
    caption: "",
    branch: null,
  },
  {
    place: "facilities",
    position: 3,
    drawing: "/images/facilities/software-resources.svg",
    alt: "Illustration of overlapping windows: a code editor, a terminal and a plotted graph",
    caption: "",
    branch: null,
  },
  {
    place: "facilities",
    position: 4,
    drawing: "/images/facilities/collaboration-and-support.svg",
    alt: "Illustration of students and a mentor discussing a project around a table with a laptop",
    caption: "",
    branch: null,
  },
  {
    place: "workshops",
    position: 1,
    drawing: "/images/events/workshops-1.svg",
    alt: "Students at lab tables wiring ESP32 boards and sensors",
    caption: "Weekend ESP32 workshop for final-year ECE students, Chennai, March 2025",
    branch: "chennai",
  },
  {
    place: "workshops",
    position: 2,
    drawing: "/images/events/workshops-2.svg",
    alt: "Participants soldering components onto small circuit boards",
    caption: "Hands-on soldering and PCB assembly session for diploma students, Bengaluru, August 2024",
    branch: "bangalore",
  },
  {
    place: "workshops",
    position: 3,
    drawing: "/images/events/workshops-3.svg",
    alt: "A row of laptops showing Python code during a workshop",
    caption: "Two-day Python and Django bootcamp for B.Sc. and BCA students, Bengaluru, January 2025",
    branch: "bangalore",
  },
  {
    place: "workshops",
    position: 4,
    drawing: "/images/events/workshops-4.svg",
    alt: "A small robot car on a track surrounded by students",
    caption: "Line-follower robot workshop on STM32 for second-year engineering students, Chennai, October 2024",
    branch: "chennai",
  },
  {
    place: "seminars",
    position: 1,
    drawing: "/images/events/seminars-1.svg",
    alt: "A speaker at a podium presenting a slide of a microcontroller",
    caption: "Seminar on automotive embedded software and functional safety, Chennai, February 2025",
    branch: "chennai",
  },
  {
    place: "seminars",
    position: 2,
    drawing: "/images/events/seminars-2.svg",
    alt: "Three panellists seated on a stage in discussion",
    caption: "Panel discussion with hiring managers on what recruiters look for in freshers, Bengaluru, June 2024",
    branch: "bangalore",
  },
  {
    place: "seminars",
    position: 3,
    drawing: "/images/events/seminars-3.svg",
    alt: "An audience facing a screen with a neural network diagram",
    caption: "Guest lecture on building applications with large language models, Bengaluru, November 2024",
    branch: "bangalore",
  },
  {
    place: "seminars",
    position: 4,
    drawing: "/images/events/seminars-4.svg",
    alt: "Students watching an alumnus speak on a large screen",
    caption: "Alumni talk: my first year as a firmware engineer, Chennai, July 2024",
    branch: "chennai",
  },
  {
    place: "exhibitions",
    position: 1,
    drawing: "/images/events/exhibitions-1.svg",
    alt: "A project stall with a poster and a small robotic arm",
    caption: "End-of-batch project exhibition with a pick-and-place robotic arm on STM32, Chennai, December 2024",
    branch: "chennai",
  },
  {
    place: "exhibitions",
    position: 2,
    drawing: "/images/events/exhibitions-2.svg",
    alt: "A smart irrigation model with a potted plant, sensor and phone dashboard",
    caption: "Smart irrigation system with soil sensors and an MQTT dashboard by IoT students, Bengaluru, April 2025",
    branch: "bangalore",
  },
  {
    place: "exhibitions",
    position: 3,
    drawing: "/images/events/exhibitions-3.svg",
    alt: "Visitors walking between project stalls with posters",
    caption: "Open house for engineering colleges featuring thirty student projects, Bengaluru, September 2024",
    branch: "bangalore",
  },
  {
    place: "exhibitions",
    position: 4,
    drawing: "/images/events/exhibitions-4.svg",
    alt: "A trophy in front of a project poster showing charts",
    caption: "Best project award for a crop-disease detection app built in the AI course, Chennai, May 2025",
    branch: "chennai",
  },
];
