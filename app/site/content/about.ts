import { site } from "~/config/site";
import type { Gallery, TextSection } from "./types";

const [chennai, bangalore] = site.branches;
const years = site.foundersExperienceYears;

export interface Founder {
  name: string;
  title: string;
  /** The photo is staff's (site_photos, place "founder"). */
  story: TextSection[];
  /** Short facts beside the story. */
  facts: { label: string; value: string }[];
  message: { heading: string; quote: string[] };
}

export const founder: Founder = {
  name: "Vikram Sundaresan",
  title: "Founder & Chairman",
  story: [
    {
      heading: "A decade on the engineering floor",
      paragraphs: [
        `Vikram Sundaresan spent about ${years} years building products before he ever stood in front of a classroom. He started as a trainee firmware engineer at a Chennai automotive-electronics supplier, writing C for body-control modules on 8-bit and 16-bit microcontrollers, and learnt early that a product is judged in the field, not on the whiteboard.`,
        "Over the following years he moved through embedded software, board bring-up and team leadership. He ported a real-time operating system to a new ARM platform for an industrial-automation company, led the firmware team for a range of smart energy meters with GPRS connectivity, and later worked on connected devices and the cloud services behind them. Along the way he interviewed a great many freshers, and mentored the ones who joined his teams.",
      ],
    },
    {
      heading: "Why he started the institute",
      paragraphs: [
        "Those interviews kept showing the same gap. Bright graduates could recite the OSI model and the 8051 instruction set, yet had never read a datasheet from start to finish, flashed a board on their own or looked at a signal on an oscilloscope. Most colleges did have labs, but students got little time on the equipment, and many training centres taught from slides.",
        `In ${chennai.established}, together with two colleagues from industry, he opened the first centre in ${chennai.name} with a single lab and a simple rule: every concept is tried on real hardware or in real code on the day it is taught. As alumni and hiring partners increasingly came from Karnataka's technology corridor, the ${bangalore.name} branch followed in ${bangalore.established}.`,
      ],
    },
    {
      heading: "How we teach",
      paragraphs: [
        "Batches are kept small so that a trainer can look at every student's screen and board, not just the questions asked aloud. Trainers are working or former industry engineers, and they teach debugging as a core skill: reading the error, forming a guess, measuring, and only then changing the code.",
        "Projects are reviewed the way a team lead reviews work, with comments on structure, naming and testing as well as on whether it runs. Before placements, every student sits mock technical and HR interviews and gets frank, specific feedback.",
      ],
      points: [
        "Small batches and a bench, board or workstation for every student",
        "Trainers with real product experience, not only teaching experience",
        "Honest counselling on which course fits your background and goals",
        "Mock interviews, resume reviews and introductions to hiring partners",
      ],
    },
  ],
  facts: [
    { label: "Role", value: "Founder & Chairman" },
    { label: "Before teaching", value: `About ${years} years in embedded and IT product teams` },
    { label: "First centre", value: `${chennai.name}, ${chennai.established}` },
    { label: "Second branch", value: `${bangalore.name}, ${bangalore.established}` },
  ],
  message: {
    heading: "A message to students",
    quote: [
      `Your degree has already given you many dots: circuits, signals, programming, mathematics. What industry asks is whether you can connect them into something that works. That is what “${site.tagline.replace(/\.+$/, "")}” means to us.`,
      "Be patient with the basics, be curious when something fails, and build more than you read. If you put in the hours at the bench, we will put in ours beside you.",
    ],
  },
};

export const facilities: TextSection[] = [
  {
    heading: "Hardware facilities",
    paragraphs: [
      "Our embedded and IoT labs are equipped so that students work on their own hardware rather than watching a demonstration. Each bench has a development board, a regulated power supply, a multimeter and a full set of sensors, displays and actuators for the module in progress.",
      "Shared instruments include digital storage oscilloscopes, USB logic analysers and soldering stations, and students are taught to use them safely from the first week. Boards and kits are checked and replaced regularly, so time in the lab goes into learning rather than chasing a faulty jumper wire.",
    ],
    points: [
      "8051, STM32 (ARM Cortex-M), ESP32, Arduino and Raspberry Pi boards",
      "Sensor and actuator kits: temperature, humidity, IMU, gas, PIR, ultrasonic, relays, servos and motors",
      "Digital storage oscilloscopes, logic analysers and bench power supplies",
      "Soldering and rework stations for prototype and PCB assembly",
    ],
  },
  {
    heading: "Practice labs",
    paragraphs: [
      "Every class is followed by supervised practice in the lab, with a trainer or lab assistant on the floor to help when you are stuck. Practice sheets are graded from guided exercises to open problems, so you build speed and confidence before the module assessment.",
      "The labs stay open beyond class hours on weekdays and on Saturdays, which suits students who are still in college or working. Many students use this time to finish their mini projects or to prepare for interviews with a mentor nearby.",
    ],
    points: [
      "One workstation per student in every practice session",
      "Extended lab hours on weekdays and Saturdays",
      "Graded practice sheets and weekly coding and debugging challenges",
      "Lab assistants on the floor during practice hours",
    ],
  },
  {
    heading: "Software resources",
    paragraphs: [
      "Students work with the same tools used in industry: STM32CubeIDE, Keil µVision, ESP-IDF, VS Code, Jupyter, PostgreSQL, Docker and Git, along with licensed MATLAB and Simulink access for the MATLAB course. Lab machines are set up in advance, and we help you install the same tool chain on your own laptop.",
      "Course notes, recorded explanations of difficult topics, sample code and practice sets are shared through a student portal that remains available after the course ends, so you can revise before an interview months later.",
    ],
    points: [
      "Industry-standard IDEs, compilers, debuggers and simulators",
      "Linux lab machines and cloud accounts for deployment practice",
      "Course notes, sample code and recorded explanations on the student portal",
      "Curated interview question banks for each course",
    ],
  },
  {
    heading: "Collaboration and support",
    paragraphs: [
      "Learning improves when students talk to each other. Projects are done in pairs or small teams with a shared repository, stand-up style progress checks and code reviews, so you get used to working the way engineering teams do.",
      "Beyond the classroom, every student has a mentor for project guidance and a placement coordinator who helps with resumes, mock interviews and introductions to hiring partners. Doubt-clearing sessions are held every week, and our alumni often return to speak about their first year at work.",
    ],
    points: [
      "Team projects with shared Git repositories and code reviews",
      "A named mentor for project guidance",
      "Weekly doubt-clearing sessions",
      "Resume reviews, mock interviews and alumni talks",
      "Student discussion groups moderated by trainers",
    ],
  },
];

export const galleries: Gallery[] = [
  {
    id: "workshops",
    title: "Workshops",
    intro:
      "Short, practical workshops for college students and working engineers, held at our centres and on campus. Each one ends with something built and working on the participant's own bench.",
  },
  {
    id: "seminars",
    title: "Technical seminars",
    intro:
      "Talks by engineers from our hiring partners and by our own trainers on what is changing in embedded systems, software and AI, and what that means for students entering the industry.",
  },
  {
    id: "exhibitions",
    title: "Project exhibitions",
    intro:
      "At the end of each batch, students present their final projects to families, faculty and engineers from partner companies. Visitors try the projects themselves and ask the questions an interviewer would.",
  },
];

export interface Milestone {
  year: number;
  text: string;
}

export interface BytesInBits {
  intro: string;
  /** Figures shown in a band at the top of the page. */
  figures: { value: string; label: string }[];
  about: TextSection;
  mission: TextSection;
  vision: TextSection;
  milestones: Milestone[];
}

export const bytesInBits: BytesInBits = {
  intro: "The short version of who we are: where we started, what we set out to do, and where we are headed.",
  figures: [
    { value: String(chennai.established), label: `First centre opens in ${chennai.name}` },
    { value: String(bangalore.established), label: `${bangalore.name} branch opens` },
    { value: `~${years}`, label: "Years each founder spent in industry before teaching" },
    { value: "5", label: "Career courses, all taught hands-on" },
  ],
  about: {
    heading: "About us",
    image: {
      src: "/images/about/two-centres.svg",
      width: 640,
      height: 400,
      alt: `Illustration of two institute buildings joined by a dotted line, labelled ${chennai.name} ${chennai.established} and ${bangalore.name} ${bangalore.established}`,
    },
    paragraphs: [
      `${site.name} is a training institute for engineering students and graduates who want to work in embedded systems, IoT, software development, artificial intelligence and engineering computation. It is run by IT and embedded professionals with about ${years} years of industry experience each.`,
      `We began in ${chennai.name} in ${chennai.established} with one lab and a batch of embedded systems students, and opened our ${bangalore.name} branch in ${bangalore.established}. Both centres follow the same approach: small classes, experienced instructors, training on real hardware and tools, and sustained placement support after the course.`,
    ],
  },
  mission: {
    heading: "Our mission",
    paragraphs: [
      "To turn what students learn in college into skills that industry can use from the first day, by teaching every concept through hands-on work, giving each student individual attention, and staying with them until they are placed.",
    ],
    points: [
      "Keep batches small enough for every student to be seen and helped",
      "Teach with current industry tools, boards and practices",
      "Keep fees fair and tell students honestly which course suits them",
      "Support every student through resumes, mock interviews and placement drives",
    ],
  },
  vision: {
    heading: "Our vision",
    paragraphs: [
      "To be the institute that engineering students in South India trust for practical, career-ready training, and that companies trust to send them engineers who can read a datasheet, write maintainable code and debug a problem calmly.",
    ],
    points: [
      "Graduates who are useful to their team from their first month at work",
      "Courses that keep pace with the tools and boards industry actually uses",
      "An alumni network that helps each new batch find its footing",
      "The same small-batch, hands-on model in more cities of South India",
    ],
  },
  milestones: [
    {
      year: chennai.established,
      text: `First centre opens in ${chennai.name} with an embedded systems batch and a single hardware lab.`,
    },
    {
      year: 2016,
      text: "Internet of Things course launched, with Wi-Fi boards and cloud dashboards added to the lab.",
    },
    { year: 2017, text: "MATLAB and Simulink course introduced for core-branch and postgraduate students." },
    { year: 2018, text: "Dedicated placement cell set up, with regular mock interviews and partner hiring drives." },
    { year: 2019, text: "Python Fullstack Development course added for software careers." },
    { year: 2020, text: "Live online batches run with home lab kits so that students could keep learning." },
    {
      year: bangalore.established,
      text: `${bangalore.name} branch opens to serve students and hiring partners in Karnataka.`,
    },
    {
      year: 2023,
      text: "Artificial Intelligence course launched, covering machine learning, deep learning and LLM applications.",
    },
  ],
};

export interface HomeIntro {
  heading: string;
  paragraphs: string[];
  highlights: { title: string; text: string }[];
}

export const homeIntro: HomeIntro = {
  heading: "Training that connects college learning to industry work",
  paragraphs: [
    "Hands-on courses in Embedded Systems, IoT, Python Fullstack, AI and MATLAB, taught in small classes by engineers who have built real products.",
    `${site.name} was founded by IT and embedded professionals with about ${years} years of industry experience, who saw how often capable graduates struggled in interviews for lack of practical exposure. Since ${chennai.established} in ${chennai.name}, and since ${bangalore.established} in ${bangalore.name}, we have trained students the way engineering teams actually work.`,
    "Every topic is practised on real boards, tools and code the day it is taught. Trainers know each student by name, projects are reviewed like professional work, and our placement team prepares you for interviews and introduces you to companies that hire.",
  ],
  highlights: [
    {
      title: "Small classes",
      text: "Limited batch sizes, so every student gets time with the trainer and a bench or workstation of their own.",
    },
    {
      title: "Experienced instructors",
      text: "Trainers with years of product experience in firmware, connected devices, software and data.",
    },
    {
      title: "Hands-on training",
      text: "Development boards, instruments and industry tools in every session, and a project in every course.",
    },
    {
      title: "Placement support",
      text: "Resume reviews, mock technical and HR interviews, and introductions to our hiring partners.",
    },
  ],
};

/** The words of each slide of the home page's slideshow; its photo is staff's (site_photos, place "hero", same position). */
export interface HeroSlide {
  heading: string;
  text: string;
}

export const heroSlides: HeroSlide[] = [
  {
    heading: "Embedded systems on real boards",
    text: "Program 8051 and STM32 microcontrollers from your first week in the lab.",
  },
  {
    heading: "Build connected IoT devices",
    text: "Sensors, ESP32, MQTT and cloud dashboards, from breadboard to deployment.",
  },
  {
    heading: "Python fullstack, end to end",
    text: "Django, FastAPI, React and PostgreSQL, with Git, tests and deployment.",
  },
  {
    heading: "Artificial intelligence, hands-on",
    text: "From pandas and scikit-learn to PyTorch, transformers and LLM apps.",
  },
  {
    heading: "MATLAB and Simulink",
    text: "Signals, control systems and image processing for engineering projects.",
  },
  {
    heading: "Small classes, real mentors",
    text: "Trainers with industry experience who know every student by name.",
  },
  {
    heading: "Placement support that continues",
    text: "Mock interviews, resume reviews and introductions to hiring partners.",
  },
];

export interface AdmissionStep {
  title: string;
  text: string;
}

/** How a student joins a batch, shown on /about/admissions. */
export const admissionSteps: AdmissionStep[] = [
  {
    title: "Choose a course",
    text: "Read the syllabus and check the next batch date. Not sure which course suits your branch? Ask us.",
  },
  {
    title: "Register online",
    text: "The registration form takes two minutes. You can also register in person at either centre.",
  },
  {
    title: "Talk to a counsellor",
    text: "We call you within one working day to go over fees, weekday or weekend timings, and your background.",
  },
  {
    title: "Confirm your seat",
    text: "Complete the admission at the centre and receive your timetable and lab details before the first class.",
  },
];
