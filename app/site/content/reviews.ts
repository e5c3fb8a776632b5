import type { Review } from "./types";

/** Student testimonials shown on /about/review. */
export const reviews: Review[] = [
  {
    name: "Harini Subramanian",
    course: "Embedded Systems, 2024 batch",
    rating: 5,
    text: "The embedded course took about three to four months on the weekday batch, and almost every class ended with code running on an STM32 board. Debugging my first I2C sensor on the logic analyser taught me more than a semester of theory. Two mock interviews later I was far calmer in the real one, and I joined a firmware team in Chennai.",
  },
  {
    name: "Imran Basha",
    course: "Internet of Things (IoT), 2024 batch",
    rating: 5,
    text: "I came from a mechanical background and was worried about the electronics part. My mentor sat with me on the breadboard basics until they made sense. By the end I had an ESP32 soil-moisture node publishing over MQTT to a Grafana dashboard, and I explained that project in every interview I attended.",
  },
  {
    name: "Sneha Gowda",
    course: "Python Fullstack Development, 2023 batch",
    rating: 5,
    text: "What I valued most was that we worked like a small team: Git branches, pull requests and code reviews from the second month onwards. My Django and React project was deployed on a real server, so interviewers could open it on their phones. The placement team shared openings regularly and helped me rewrite my resume twice.",
  },
  {
    name: "Karthikeyan Ravi",
    course: "Embedded Systems, 2023 batch",
    rating: 5,
    text: "I had been doing a non-technical job for a year after my B.E. in ECE and needed a structured way back. The course ran for roughly four months, with FreeRTOS and Linux device drivers towards the end. The batch had only about fifteen of us, so the trainer noticed when I was stuck. The placement cell arranged three interviews for me.",
  },
  {
    name: "Divya Nair",
    course: "Artificial Intelligence, 2024 batch",
    rating: 5,
    text: "The AI course did not skip the basics. We cleaned messy data in pandas for weeks before touching neural networks, and that patience paid off later with PyTorch. My final project was a retrieval-based assistant for our college's regulations. The mock technical round exposed the gaps in my statistics, and the mentors helped me close them.",
  },
  {
    name: "Pradeep Kumar S",
    course: "MATLAB, 2024 batch",
    rating: 5,
    text: "I joined for help with my M.Tech. project on motor control. The Simulink and PID sessions were directly useful, and the trainer reviewed my model during lab hours. Reading live sensor data from an Arduino into MATLAB made my project demonstration much more convincing to the panel.",
  },
  {
    name: "Aishwarya Ramesh",
    course: "Internet of Things (IoT), 2023 batch",
    rating: 5,
    text: "The lab had enough boards and sensors that nobody waited for a turn. I liked the security module, where we enabled TLS and signed OTA updates on the ESP32, because that came up in my interview. The counsellors also kept in touch after the course and informed me when a partner company was hiring freshers.",
  },
  {
    name: "Naveen Shetty",
    course: "Python Fullstack Development, 2024 batch",
    rating: 5,
    text: "Weekend batches suited me because I was working in a support role. The trainers were practical and explained why things are done a certain way, not just how. Writing pytest tests and deploying with Docker felt difficult at first but is now part of my daily work as a junior backend developer in Bengaluru.",
  },
];
