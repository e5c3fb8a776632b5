import { courseIdentity } from "../course-catalog.ts";
import type { Course } from "./types";

/** The five courses, in the order the menus and cards show them. */
export const courses: Course[] = [
  {
    ...courseIdentity("embedded"),
    title: "Embedded Systems",
    summary:
      "Embedded C, 8051 and STM32 microcontrollers, on-chip peripherals, FreeRTOS and embedded Linux, learnt on real boards with a logic analyser and oscilloscope on every bench.",
    description:
      "This four-month programme takes you from writing clean Embedded C to building multi-task firmware on an ARM Cortex-M microcontroller. Every concept is tried on hardware the same day: you configure clocks and GPIO by reading the reference manual, talk to sensors over UART, SPI and I2C, write interrupt handlers, move to FreeRTOS, and then step into embedded Linux and device drivers. Debugging with GDB, an oscilloscope and a logic analyser is taught as a habit, not as an afterthought, because that is what firmware teams look for in freshers.",
    metaDescription:
      "Embedded Systems course in Bengaluru: Embedded C, 8051, STM32, UART, SPI, I2C, FreeRTOS, embedded Linux and drivers on real boards, with placement help.",
    duration: "4 months",
    durationIso: "P4M",
    schedule: { weekdayHours: 2.5, weekendHours: 6 },
    feeInr: 45000,
    audience:
      "Final-year and recently graduated B.E./B.Tech. students of ECE, EEE, EIE and allied branches, diploma holders in electronics, and working engineers moving into firmware roles. Basic C is helpful but not required.",
    outcomes: [
      "Write readable, portable Embedded C that manipulates registers safely with bitwise operations and volatile data",
      "Bring up an STM32 board from the datasheet and reference manual: clocks, GPIO, timers, ADC and DMA",
      "Interface sensors, memories and displays over UART, SPI and I2C, and verify the bus on a logic analyser",
      "Design interrupt-driven and FreeRTOS-based firmware with queues, semaphores and sensible task priorities",
      "Cross-compile for embedded Linux and write a simple character device driver as a loadable kernel module",
      "Debug faults methodically with GDB, breakpoints, fault registers and bench instruments",
    ],
    image: {
      src: "/images/courses/embedded.svg",
      width: 640,
      height: 400,
      alt: "Illustration of a microcontroller development board with a chip, header pins and an oscilloscope trace",
    },
    syllabus: [
      {
        title: "Embedded C programming",
        topics: [
          "Data types, fixed-width integers (stdint.h) and type conversion pitfalls",
          "Storage classes, scope and the const and volatile qualifiers",
          "Bitwise operators: setting, clearing, toggling and testing register bits",
          "Pointers, pointer arithmetic, function pointers and callback tables",
          "Structures, unions, bit-fields, alignment and padding",
          "Preprocessor macros, conditional compilation and header guards",
          "Build stages: preprocessing, compiling, assembling and linking; reading a map file",
        ],
      },
      {
        title: "Data structures for firmware",
        topics: [
          "Arrays and string handling without relying on the heap",
          "Singly and doubly linked lists with static node pools",
          "Stacks and queues, and where firmware uses them",
          "Circular (ring) buffers for UART receive and logging",
          "Static versus dynamic memory allocation, and why heaps are avoided on small MCUs",
          "Searching and sorting with time and memory trade-offs",
        ],
      },
      {
        title: "Microcontroller architecture and the 8051",
        topics: [
          "Microprocessor versus microcontroller; Harvard and von Neumann architectures",
          "8051 memory organisation, special function registers and register banks",
          "8051 I/O ports, timers, counters and the serial port",
          "Keil µVision project setup, simulation and flashing",
          "LEDs, switches, seven-segment displays and a 16x2 character LCD",
          "Keypad scanning and a small menu-driven application",
        ],
      },
      {
        title: "ARM Cortex-M and STM32",
        topics: [
          "Cortex-M4 core: registers, operating modes, privilege levels and the NVIC",
          "Memory map, bus matrix, flash and SRAM layout",
          "Startup code, vector table and a walk-through of the linker script",
          "Clock tree: HSI, HSE and PLL configuration",
          "STM32CubeIDE and CubeMX; HAL drivers versus bare-metal register programming",
          "CMSIS headers and reading the reference manual and datasheet together",
        ],
      },
      {
        title: "GPIO, timers and PWM",
        topics: [
          "GPIO modes: push-pull, open-drain, pull-up, pull-down and alternate functions",
          "Switch debouncing in hardware and in software",
          "Timer basics: prescaler, auto-reload register and counting modes",
          "Input capture for frequency and pulse-width measurement",
          "PWM for LED dimming, servo positioning and DC motor speed control",
          "SysTick and building a millisecond tick and non-blocking delays",
        ],
      },
      {
        title: "Serial communication: UART, SPI and I2C",
        topics: [
          "UART framing, baud-rate calculation, and TTL versus RS-232 levels",
          "Retargeting printf and building a simple command-line interface over UART",
          "SPI clock polarity and phase, chip select and full-duplex transfers",
          "Driving an SPI flash memory and a small TFT or OLED display",
          "I2C addressing, start and stop conditions, ACK/NACK and clock stretching",
          "Reading an I2C temperature sensor and an IMU, and writing to an EEPROM",
          "Capturing and decoding each protocol on a logic analyser",
        ],
      },
      {
        title: "ADC, DAC and sensor interfacing",
        topics: [
          "Sampling, resolution, reference voltage and quantisation error",
          "Single, continuous and scan conversion modes",
          "DMA-driven ADC transfers into a buffer",
          "Interfacing an LM35, an LDR and a potentiometer",
          "Moving-average and simple digital filtering of noisy readings",
          "Generating waveforms with the DAC",
        ],
      },
      {
        title: "Interrupts and low-power design",
        topics: [
          "Polling versus interrupts, and when each is the right choice",
          "NVIC priorities, pre-emption and nested interrupts",
          "External interrupts (EXTI) on GPIO pins",
          "Writing safe ISRs: shared data, volatile and critical sections",
          "Measuring interrupt latency with a GPIO toggle and an oscilloscope",
          "Sleep, stop and standby modes, and wake-up sources",
        ],
      },
      {
        title: "Real-time operating systems with FreeRTOS",
        topics: [
          "Super-loop versus RTOS design, and what 'real time' actually means",
          "Tasks, task states and the pre-emptive scheduler",
          "Queues, binary and counting semaphores, and mutexes",
          "Priority inversion and priority inheritance",
          "Software timers, event groups and task notifications",
          "Stack sizing, heap schemes and a watchdog for stuck tasks",
          "Mini project: a multi-task sensor data logger",
        ],
      },
      {
        title: "Embedded Linux basics",
        topics: [
          "Linux command line, file system hierarchy and permissions",
          "Cross-compilation toolchains and writing Makefiles",
          "Boot flow: U-Boot, kernel, device tree and root file system",
          "GPIO and I2C from user space on a Raspberry Pi or BeagleBone (libgpiod, i2c-tools)",
          "Shell scripting for build and test routines",
          "An introduction to Buildroot and the Yocto Project",
        ],
      },
      {
        title: "Device drivers",
        topics: [
          "What a driver does: MCU driver layers versus Linux kernel drivers",
          "Designing a reusable driver API for a sensor on STM32",
          "Loadable kernel modules: init and exit functions, module parameters",
          "Character device drivers: file_operations, major and minor numbers",
          "Talking to GPIO and I2C devices from kernel space",
          "Debugging drivers with printk and dmesg",
        ],
      },
      {
        title: "Debugging, tools and PCB basics",
        topics: [
          "On-chip debugging with ST-Link and GDB: breakpoints, watchpoints and stepping",
          "Analysing HardFaults using the fault status registers and the stack frame",
          "Multimeter, oscilloscope and logic analyser on the bench",
          "Git for firmware projects: branches, tags and release builds",
          "Reading schematics and component datasheets",
          "PCB basics in KiCad: schematic capture, footprints, two-layer layout and Gerber files",
        ],
      },
    ],
  },
  {
    ...courseIdentity("iot"),
    title: "Internet of Things (IoT)",
    summary:
      "Build connected devices end to end: sensors and ESP32 firmware, Wi-Fi and BLE, MQTT and REST, cloud dashboards, device security and edge gateways.",
    description:
      "An IoT product is only as good as its weakest link, so this four-month course covers every link. You start with sensors and actuators on the breadboard, program the ESP32 in both the Arduino framework and ESP-IDF, and send real readings over MQTT and HTTP to a broker and a small Python backend you write yourself. From there you store time-series data, build dashboards and alerts, secure devices with TLS and signed over-the-air updates, and put a Raspberry Pi gateway at the edge. Each module ends with a working device on your desk, not a slide.",
    metaDescription:
      "IoT course in Bengaluru: sensors, ESP32 firmware, Wi-Fi and BLE, MQTT, REST APIs, cloud dashboards, device security and edge gateways, built hands-on.",
    duration: "4 months",
    durationIso: "P4M",
    schedule: { weekdayHours: 2, weekendHours: 5 },
    feeInr: 40000,
    audience:
      "Engineering students and graduates from ECE, EEE, CSE, IT, mechatronics and instrumentation, and diploma holders who want to build connected products. Comfort with basic programming in any language is enough to begin.",
    outcomes: [
      "Select and wire sensors and actuators correctly, including level shifting and power budgeting",
      "Write ESP32 firmware with Wi-Fi, BLE, deep sleep and robust reconnect logic",
      "Move data reliably with MQTT and REST, and design clean topic and JSON payload schemes",
      "Store device data in a time-series database and build dashboards and alerts on it",
      "Secure devices with TLS, per-device credentials, secure boot and signed OTA updates",
      "Deploy an edge gateway that buffers, filters and forwards data when the network is unreliable",
    ],
    image: {
      src: "/images/courses/iot.svg",
      width: 640,
      height: 400,
      alt: "Illustration of sensors and an ESP32 board sending data to a cloud and a phone dashboard",
    },
    syllabus: [
      {
        title: "IoT fundamentals and architecture",
        topics: [
          "What makes a system an IoT system: device, gateway, cloud and application layers",
          "Connectivity choices: Wi-Fi, BLE, Zigbee, LoRa, NB-IoT and cellular",
          "Power budgets and estimating battery life",
          "Case studies: smart agriculture, energy metering, asset tracking and building automation",
          "Turning a customer problem into requirements and a block diagram",
        ],
      },
      {
        title: "Electronics, sensors and actuators",
        topics: [
          "Voltage, current, Ohm's law and safe breadboarding",
          "Digital versus analog sensors, and reading a sensor datasheet",
          "DHT22, BME280, soil moisture, PIR, ultrasonic and MQ-series gas sensors",
          "Relays, servos and DC motors through driver modules",
          "3.3 V and 5 V logic, level shifting and pull-up resistors",
          "Calibration, accuracy and sources of sensor error",
        ],
      },
      {
        title: "Programming the ESP32",
        topics: [
          "ESP32 architecture: dual cores, Wi-Fi and BLE radio, peripherals and memory",
          "Arduino core versus ESP-IDF: toolchains, project structure and when to use each",
          "GPIO, ADC, LEDC PWM and capacitive touch pins",
          "Interfacing I2C and SPI sensors and displays",
          "FreeRTOS tasks and queues on the ESP32",
          "Non-volatile storage (NVS) and file systems with LittleFS",
        ],
      },
      {
        title: "Networking for IoT",
        topics: [
          "TCP/IP, UDP and ports explained through device examples",
          "Wi-Fi station and access-point modes, and provisioning a new device",
          "DHCP, DNS and keeping time with SNTP",
          "Sockets on the ESP32",
          "BLE GATT: services, characteristics and notifications",
          "Inspecting device traffic with Wireshark",
        ],
      },
      {
        title: "HTTP and REST APIs",
        topics: [
          "HTTP methods, status codes and headers",
          "Designing compact JSON payloads for sensor data",
          "ESP32 as an HTTP client posting readings to a server",
          "An on-device web server for local configuration pages",
          "Writing a small REST backend in Python with FastAPI",
          "Testing APIs with curl and Postman; webhooks",
        ],
      },
      {
        title: "MQTT messaging",
        topics: [
          "Publish/subscribe, brokers and why MQTT suits constrained devices",
          "Topic design, wildcards and naming conventions",
          "QoS levels 0, 1 and 2, retained messages and last will",
          "Running and configuring a Mosquitto broker",
          "An ESP32 MQTT client with reconnect and back-off logic",
          "Node-RED flows to route, transform and store messages",
        ],
      },
      {
        title: "Cloud platforms and dashboards",
        topics: [
          "Cloud IoT concepts: device registry, device shadows and rules",
          "AWS IoT Core: things, X.509 certificates and rules that store data",
          "Rapid prototyping with ThingSpeak",
          "Time-series storage with InfluxDB",
          "Grafana dashboards, thresholds and alerts",
          "Notifications by e-mail and a Telegram bot",
        ],
      },
      {
        title: "IoT security",
        topics: [
          "Common weaknesses: default passwords, open ports, plain-text traffic and tampered firmware",
          "TLS on the ESP32 and handling certificates",
          "Broker authentication, per-device credentials and access control lists",
          "Secure boot and flash encryption on the ESP32",
          "Safe over-the-air (OTA) updates with signed images and rollback",
          "Protecting stored secrets and personal data",
        ],
      },
      {
        title: "Edge computing and gateways",
        topics: [
          "Why and what to process at the edge",
          "Raspberry Pi as a gateway: Python services and an MQTT bridge",
          "Store-and-forward buffering when the network drops",
          "Containerising gateway services with Docker",
          "Modbus RTU and Modbus TCP for industrial sensors",
          "An introduction to TinyML: running a small model on a microcontroller",
        ],
      },
      {
        title: "Low-power and long-range devices",
        topics: [
          "Deep sleep, light sleep and wake-up sources on the ESP32",
          "Measuring current draw and estimating battery life on the bench",
          "LoRa and LoRaWAN: end nodes, gateways and network servers",
          "Duty-cycle limits and payload optimisation",
          "Solar and battery-powered field deployments",
        ],
      },
    ],
  },
  {
    ...courseIdentity("fullstack"),
    title: "Python Fullstack Development",
    summary:
      "Python, SQL and PostgreSQL, Django and FastAPI on the back end, HTML, CSS, JavaScript and React on the front end, with Git, testing and deployment built in.",
    description:
      "Over six months you learn to build and ship a complete web application the way product teams do. The course begins with solid Python and object-oriented design, adds relational modelling and SQL on PostgreSQL, and then builds server-side applications with Django and APIs with Django REST Framework and FastAPI. On the front end you write semantic HTML, responsive CSS and modern JavaScript before moving to React. Git, code review, automated tests and deployment to a Linux server run through the whole course, so your final project is something you can show an interviewer live.",
    metaDescription:
      "Python Fullstack course: Python, PostgreSQL, Django, FastAPI, REST APIs, HTML, CSS, JavaScript, React, Git, testing and deployment, with placement support.",
    duration: "6 months",
    durationIso: "P6M",
    schedule: { weekdayHours: 2, weekendHours: 5 },
    feeInr: 50000,
    audience:
      "Graduates and final-year students of any engineering branch, BCA, MCA and B.Sc. students, and professionals switching to software development. No prior programming experience is assumed.",
    outcomes: [
      "Write clean, tested, object-oriented Python following PEP 8",
      "Model data relationally and write efficient SQL queries on PostgreSQL",
      "Build server-rendered applications in Django and REST APIs in Django REST Framework and FastAPI",
      "Build responsive, accessible front ends with HTML, CSS, JavaScript and React",
      "Collaborate through Git branches, pull requests and code review",
      "Containerise and deploy an application to a Linux server with HTTPS",
    ],
    image: {
      src: "/images/courses/fullstack.svg",
      width: 640,
      height: 400,
      alt: "Illustration of a browser window with a web page, a code editor, a server and a database",
    },
    syllabus: [
      {
        title: "Python foundations",
        topics: [
          "Installing Python, virtual environments and pip",
          "Variables, data types, operators and input/output",
          "Conditions, loops and comprehensions",
          "Functions, default and keyword arguments, *args and **kwargs, lambdas",
          "Strings, lists, tuples, sets and dictionaries",
          "Files, exceptions and context managers",
          "Modules, packages and the standard library",
        ],
      },
      {
        title: "Object-oriented and advanced Python",
        topics: [
          "Classes, objects, instance and class attributes",
          "Inheritance, composition and method resolution order",
          "Special (dunder) methods and dataclasses",
          "Iterators, generators and decorators",
          "Type hints and static checking",
          "Working with dates, JSON, CSV and regular expressions",
          "Code style with PEP 8 and a linter",
        ],
      },
      {
        title: "Databases, SQL and PostgreSQL",
        topics: [
          "Relational modelling, keys and normalisation",
          "Installing PostgreSQL and working in psql",
          "SELECT, filtering, sorting, aggregation and GROUP BY",
          "Joins, subqueries and views",
          "Indexes and reading EXPLAIN output",
          "Transactions, constraints and data integrity",
          "Using PostgreSQL from Python with psycopg and SQLAlchemy",
        ],
      },
      {
        title: "Web fundamentals: HTML and CSS",
        topics: [
          "How the web works: DNS, HTTP, browsers and servers",
          "Semantic HTML5 and accessible forms",
          "The CSS box model, Flexbox and Grid",
          "Responsive, mobile-first layouts with media queries",
          "Accessibility basics: labels, contrast and keyboard navigation",
          "Utility CSS with Tailwind and component libraries such as Bootstrap",
        ],
      },
      {
        title: "JavaScript for the browser",
        topics: [
          "Variables, types, functions and scope",
          "Arrays, objects, destructuring and spread",
          "DOM manipulation and event handling",
          "Promises, async/await and the fetch API",
          "ES modules and npm packages",
          "Debugging with browser developer tools",
        ],
      },
      {
        title: "Django web development",
        topics: [
          "Project and app structure, settings and environments",
          "URL routing, views and templates",
          "Models, migrations and the Django ORM",
          "The Django admin",
          "Forms, validation and CSRF protection",
          "Authentication, sessions and permissions",
          "Static files and user-uploaded media",
        ],
      },
      {
        title: "REST APIs with Django REST Framework and FastAPI",
        topics: [
          "REST design: resources, methods, status codes and versioning",
          "Serializers, viewsets and routers in Django REST Framework",
          "Token and JWT authentication",
          "Pagination, filtering and throttling",
          "FastAPI with Pydantic models and automatic OpenAPI documentation",
          "CORS and consuming your API from a front end",
        ],
      },
      {
        title: "React basics",
        topics: [
          "Setting up a project with Vite",
          "Components, JSX and props",
          "State and effects with useState and useEffect",
          "Lists, keys and conditional rendering",
          "Controlled forms and client-side validation",
          "Client-side routing with React Router",
          "Fetching data from your Django or FastAPI back end",
        ],
      },
      {
        title: "Git and team workflow",
        topics: [
          "Commits, branches and merges",
          "Resolving merge conflicts",
          "Pull requests and code review on GitHub",
          "Keeping secrets out of the repository with .gitignore and environment files",
          "Writing useful commit messages",
          "Working in sprints with issues and a task board",
        ],
      },
      {
        title: "Testing and quality",
        topics: [
          "Unit testing with pytest",
          "Fixtures, parametrised tests and mocking",
          "Testing Django views and API endpoints",
          "Measuring test coverage",
          "Front-end tests with Vitest and React Testing Library",
          "Continuous integration with GitHub Actions",
        ],
      },
      {
        title: "Deployment and operations",
        topics: [
          "Linux server basics, SSH and file permissions",
          "Running Django with Gunicorn and FastAPI with Uvicorn behind Nginx",
          "Production settings and environment variables",
          "Docker images and docker compose",
          "Deploying to a cloud virtual machine",
          "HTTPS with Let's Encrypt, logging and basic monitoring",
        ],
      },
    ],
  },
  {
    ...courseIdentity("ai"),
    title: "Artificial Intelligence",
    summary:
      "Python for data, statistics, machine learning with scikit-learn, deep learning with PyTorch, computer vision, NLP and transformers, and building applications on large language models.",
    description:
      "This five-month course builds artificial intelligence skills from the ground up. You begin with Python, NumPy and pandas, and the statistics and linear algebra that machine learning rests on. You then train and evaluate classical models with scikit-learn, move to deep learning in PyTorch, and apply it to images with convolutional networks and to text with transformers. The later modules cover building applications on large language models, including retrieval-augmented generation, and the MLOps practices that take a model from a notebook to a service. Responsible use of data and models is discussed throughout, with a dedicated module at the end.",
    metaDescription:
      "AI course in Bengaluru: Python, pandas, statistics, scikit-learn, PyTorch deep learning, computer vision, NLP, transformers, LLM apps and MLOps, hands-on.",
    duration: "5 months",
    durationIso: "P5M",
    schedule: { weekdayHours: 2, weekendHours: 5 },
    feeInr: 55000,
    audience:
      "Engineering graduates and final-year students of any branch, M.Sc., MCA and BCA students, and working professionals who want to move into data science or machine-learning roles. School-level mathematics and some programming exposure are expected; Python is taught from the start.",
    outcomes: [
      "Clean, explore and visualise real data sets with NumPy, pandas and Matplotlib",
      "Train, tune and honestly evaluate machine-learning models with scikit-learn",
      "Build and train neural networks in PyTorch, including CNNs with transfer learning",
      "Fine-tune a pretrained transformer for a text task and build a retrieval-augmented LLM application",
      "Package a model behind a FastAPI service, track experiments and monitor it after deployment",
      "Recognise bias, privacy and licensing risks in data and models, and document them",
    ],
    image: {
      src: "/images/courses/ai.svg",
      width: 640,
      height: 400,
      alt: "Illustration of a layered neural network with connected nodes next to a chart of training loss",
    },
    syllabus: [
      {
        title: "Python for data work",
        topics: [
          "Python refresher: functions, comprehensions and classes",
          "Jupyter notebooks and VS Code for data projects",
          "Environments and packages with conda and pip",
          "Reading CSV, Excel and JSON files and calling web APIs",
          "Writing reusable scripts and small modules",
        ],
      },
      {
        title: "NumPy, pandas and visualisation",
        topics: [
          "NumPy arrays, broadcasting and vectorised operations",
          "Indexing, slicing and boolean masks",
          "pandas Series and DataFrames",
          "Cleaning data: missing values, duplicates and data types",
          "groupby, merge, pivot tables and time series",
          "Exploratory plots with Matplotlib and Seaborn",
        ],
      },
      {
        title: "Statistics and mathematics for machine learning",
        topics: [
          "Descriptive statistics and common distributions",
          "Probability and Bayes' theorem",
          "Sampling, confidence intervals and hypothesis testing",
          "Correlation, causation and common statistical traps",
          "Linear algebra: vectors, matrices, dot products and eigenvectors",
          "Derivatives, gradients and gradient descent",
        ],
      },
      {
        title: "Machine learning with scikit-learn",
        topics: [
          "Supervised and unsupervised learning; the bias-variance trade-off",
          "Train, validation and test splits, and cross-validation",
          "Linear and logistic regression",
          "k-nearest neighbours and support vector machines",
          "Decision trees, random forests and gradient boosting",
          "Pipelines, feature scaling and categorical encoding",
          "Metrics: accuracy, precision, recall, F1, ROC-AUC, MAE and RMSE",
        ],
      },
      {
        title: "Unsupervised learning and feature engineering",
        topics: [
          "k-means, hierarchical clustering and DBSCAN",
          "Principal component analysis and dimensionality reduction",
          "Feature engineering and feature selection",
          "Handling imbalanced classes",
          "Hyperparameter tuning with grid and random search",
          "Interpreting models with feature importance and SHAP values",
        ],
      },
      {
        title: "Deep learning with PyTorch",
        topics: [
          "Neurons, activation functions and loss functions",
          "Backpropagation and optimisers: SGD, momentum and Adam",
          "Tensors, autograd and training on a GPU",
          "Defining models with nn.Module",
          "Datasets, DataLoaders and the training loop",
          "Regularisation: dropout, weight decay and early stopping",
        ],
      },
      {
        title: "Computer vision with CNNs",
        topics: [
          "Convolution, pooling and receptive fields",
          "Landmark architectures: LeNet, VGG and ResNet",
          "Transfer learning with pretrained models",
          "Data augmentation for small data sets",
          "Image preprocessing with OpenCV",
          "An overview of object detection and segmentation",
        ],
      },
      {
        title: "NLP and transformers",
        topics: [
          "Text cleaning and tokenisation",
          "Bag-of-words and TF-IDF baselines",
          "Word embeddings and sequence models (RNN and LSTM) in brief",
          "Attention and the transformer architecture",
          "Fine-tuning a pretrained transformer for text classification with Hugging Face",
          "Working with Indian-language text: scripts, transliteration and multilingual models",
        ],
      },
      {
        title: "Building applications with large language models",
        topics: [
          "How large language models are trained, and what they can and cannot do",
          "Prompt design and evaluating outputs systematically",
          "Calling hosted LLM APIs and running open models locally",
          "Embeddings, vector databases and semantic search",
          "Retrieval-augmented generation (RAG) over your own documents",
          "Hallucination, guardrails, latency and cost",
        ],
      },
      {
        title: "MLOps and deployment",
        topics: [
          "Experiment tracking and model registry with MLflow",
          "Saving, versioning and reproducing models",
          "Serving models as APIs with FastAPI",
          "Docker for machine-learning services",
          "Monitoring data drift and model performance",
          "Quick demos with Streamlit and Gradio",
        ],
      },
      {
        title: "Responsible and ethical AI",
        topics: [
          "Bias and fairness in data and models",
          "Privacy, consent and India's Digital Personal Data Protection Act, 2023",
          "Explainability and when a simpler model is the better choice",
          "Licences for data sets and pretrained models",
          "Documenting work with model cards and data sheets",
          "Case studies from hiring, lending and healthcare",
        ],
      },
    ],
  },
  {
    ...courseIdentity("matlab"),
    title: "MATLAB",
    summary:
      "MATLAB programming, plotting and numerical methods, Simulink modelling, signal processing, control systems, image processing, Arduino interfacing and App Designer.",
    description:
      "This three-month course is built for engineers who need MATLAB for projects, research and core-industry roles. You learn to think in matrices and write vectorised scripts and functions, visualise data clearly, and solve numerical problems. You then model dynamic systems in Simulink, design filters and analyse spectra, tune PID controllers, and process images. The course closes by connecting MATLAB to an Arduino for live data acquisition and wrapping your work in an App Designer interface, which makes final-year projects and lab work far easier to demonstrate.",
    metaDescription:
      "MATLAB course in Bengaluru: matrices, scripts, plotting, Simulink, signal processing, control systems, image processing, Arduino and App Designer, hands-on.",
    duration: "3 months",
    durationIso: "P3M",
    schedule: { weekdayHours: 1.5, weekendHours: 4 },
    feeInr: 25000,
    audience:
      "B.E., B.Tech., M.E. and M.Tech. students of ECE, EEE, EIE, mechanical and mechatronics, research scholars, and engineers who use MATLAB and Simulink in design, testing or analysis. No programming background is needed.",
    outcomes: [
      "Write vectorised MATLAB scripts and functions, and debug and profile them",
      "Produce clear, report-ready 2-D and 3-D plots from measured or simulated data",
      "Model and simulate dynamic systems in Simulink",
      "Design and apply digital filters and analyse signals in the frequency domain",
      "Analyse system stability and tune PID controllers",
      "Acquire live sensor data from an Arduino and present it in an App Designer application",
    ],
    image: {
      src: "/images/courses/matlab.svg",
      width: 640,
      height: 400,
      alt: "Illustration of a plotted sine wave, a 3-D surface and a block diagram of a control loop",
    },
    syllabus: [
      {
        title: "The MATLAB environment",
        topics: [
          "Desktop, Command Window, Workspace and Editor",
          "Variables, data types and operators",
          "Built-in functions and using help and documentation",
          "Scripts and Live Scripts",
          "Formatted input and output",
          "Managing files, folders and the search path",
        ],
      },
      {
        title: "Vectors and matrices",
        topics: [
          "Creating vectors and matrices; the colon operator",
          "Indexing and logical indexing",
          "Matrix versus element-wise operations",
          "Solving linear systems; inverse, rank and determinant",
          "Eigenvalues and eigenvectors",
          "Cell arrays, structures and tables",
        ],
      },
      {
        title: "Programming with scripts and functions",
        topics: [
          "Control flow: if, switch, for and while",
          "Function files, local functions and anonymous functions",
          "Vectorising loops for speed",
          "Error handling with try and catch",
          "Debugging with breakpoints",
          "Measuring performance with the Profiler",
        ],
      },
      {
        title: "Data visualisation",
        topics: [
          "Line plots, subplots, labels, legends and annotations",
          "Bar charts, histograms, scatter and polar plots",
          "3-D plots: plot3, mesh, surf and contour",
          "Importing data from Excel and CSV files and plotting it",
          "Simple animations",
          "Exporting figures for reports and papers",
        ],
      },
      {
        title: "Numerical methods",
        topics: [
          "Roots of equations with roots and fzero",
          "Interpolation and curve fitting",
          "Numerical integration and differentiation",
          "Solving ordinary differential equations with ode45",
          "Optimisation with fminsearch and linprog",
          "Symbolic computation with the Symbolic Math Toolbox",
        ],
      },
      {
        title: "Simulink modelling",
        topics: [
          "The Simulink library, blocks, signals and sample times",
          "Modelling a dynamic system from its differential equations",
          "Solvers and simulation settings",
          "Subsystems and masked blocks",
          "Scopes, data logging and exporting results to the workspace",
          "An introduction to Stateflow",
        ],
      },
      {
        title: "Signal processing",
        topics: [
          "Generating, sampling and quantising signals",
          "The sampling theorem and aliasing",
          "The FFT and spectrum analysis",
          "FIR and IIR filter design with the Filter Designer",
          "Filtering noisy measured signals",
          "Working with audio recordings",
        ],
      },
      {
        title: "Control systems",
        topics: [
          "Transfer function and state-space models",
          "Step and impulse responses; time-domain specifications",
          "Stability and the Routh-Hurwitz criterion",
          "Root locus, Bode and Nyquist plots",
          "PID controller design and tuning",
          "DC motor speed control in Simulink",
        ],
      },
      {
        title: "Image processing",
        topics: [
          "Reading, displaying and converting images",
          "Histograms and contrast enhancement",
          "Spatial filtering and edge detection",
          "Thresholding and morphological operations",
          "Connected components, region properties and object counting",
          "Colour-based object detection",
        ],
      },
      {
        title: "Interfacing MATLAB with Arduino",
        topics: [
          "Installing the MATLAB Support Package for Arduino",
          "Reading analog sensors and digital inputs",
          "Driving LEDs, servos and PWM outputs",
          "Live plotting and logging of sensor data",
          "Serial communication with custom Arduino firmware",
          "Running a Simulink model on Arduino hardware",
        ],
      },
      {
        title: "Building apps with App Designer",
        topics: [
          "App Designer layout and UI components",
          "Callbacks and app properties",
          "Embedding plots in an app",
          "Building a data-analysis tool for a lab experiment",
          "Packaging and sharing apps",
        ],
      },
    ],
  },
];

export function getCourse(id: string): Course | undefined {
  return courses.find((course) => course.id === id);
}
