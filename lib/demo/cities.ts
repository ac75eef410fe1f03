/**
 * Reference data of the demo: four real cities with real coordinates, opening hours
 * (closed weekdays: 0 = Sunday … 6 = Saturday) and prices in local currency.
 */
export interface DemoPoi {
  id: string;
  name: string;
  kind: "ATTRACTION" | "RESTAURANT" | "HOTEL" | "STATION";
  lat: number;
  lon: number;
  tags: string[];
  open: string;
  close: string;
  closed: number[];
  price: number;
  stars?: number;
  minutes?: number;
}

export interface DemoCity {
  key: string;
  name: string;
  country: string;
  lat: number;
  lon: number;
  currency: string;
  origins: string[];
  pois: DemoPoi[];
}

const A = (id: string, name: string, lat: number, lon: number, tags: string[], open: string, close: string, closed: number[], price: number, minutes: number): DemoPoi => ({ id, name, kind: "ATTRACTION", lat, lon, tags, open, close, closed, price, minutes });
const H = (id: string, name: string, lat: number, lon: number, stars: number, price: number): DemoPoi => ({ id, name, kind: "HOTEL", lat, lon, tags: ["hotel"], open: "00:00", close: "24:00", closed: [], price, stars });
const S = (id: string, name: string, lat: number, lon: number): DemoPoi => ({ id, name, kind: "STATION", lat, lon, tags: ["station"], open: "05:00", close: "24:00", closed: [], price: 0 });
const R = (id: string, name: string, lat: number, lon: number, tags: string[], open: string, close: string, price: number): DemoPoi => ({ id, name, kind: "RESTAURANT", lat, lon, tags, open, close, closed: [], price });

export const DEMO_CITIES: DemoCity[] = [
  {
    key: "paris", name: "Paris", country: "France", lat: 48.8566, lon: 2.3522, currency: "EUR",
    origins: ["Lyon", "London", "Brussels", "Geneva"],
    pois: [
      A("par-eiffel", "Eiffel Tower", 48.8584, 2.2945, ["landmark", "viewpoint"], "09:30", "23:45", [], 29, 120),
      A("par-louvre", "Louvre Museum", 48.8606, 2.3376, ["museum", "art", "history"], "09:00", "18:00", [2], 22, 180),
      A("par-orsay", "Musée d'Orsay", 48.86, 2.3266, ["museum", "art"], "09:30", "18:00", [1], 16, 150),
      A("par-notredame", "Notre-Dame de Paris", 48.853, 2.3499, ["landmark", "church", "history"], "07:50", "19:00", [], 0, 60),
      A("par-chapelle", "Sainte-Chapelle", 48.8554, 2.345, ["church", "history", "art"], "09:00", "19:00", [], 13, 45),
      A("par-sacrecoeur", "Sacré-Cœur Basilica", 48.8867, 2.3431, ["church", "viewpoint"], "06:30", "22:30", [], 0, 60),
      A("par-arc", "Arc de Triomphe", 48.8738, 2.295, ["landmark", "viewpoint", "history"], "10:00", "23:00", [], 16, 60),
      A("par-rodin", "Musée Rodin", 48.8553, 2.3159, ["museum", "art", "garden"], "10:00", "18:30", [1], 14, 90),
      A("par-luxembourg", "Jardin du Luxembourg", 48.8462, 2.3372, ["park", "nature"], "07:30", "21:00", [], 0, 60),
      A("par-garnier", "Palais Garnier", 48.872, 2.3316, ["architecture", "history"], "10:00", "17:00", [], 15, 75),
      A("par-versailles", "Palace of Versailles", 48.8049, 2.1204, ["history", "palace", "garden"], "09:00", "18:30", [1], 21, 240),
      H("par-h-athenee", "Hôtel Plaza Athénée", 48.8663, 2.304, 5, 1400),
      H("par-h-boulevards", "Hôtel des Grands Boulevards", 48.8711, 2.347, 4, 320),
      H("par-h-henriette", "Hôtel Henriette", 48.8339, 2.3525, 3, 160),
      H("par-h-generator", "Generator Paris", 48.8778, 2.37, 2, 70),
      R("par-r-entrecote", "Le Relais de l'Entrecôte", 48.8546, 2.3338, ["French", "steak"], "12:00", "23:00", 32),
      R("par-r-chartier", "Bouillon Chartier", 48.872, 2.3434, ["French", "bistro"], "11:30", "24:00", 20),
      R("par-r-fallafel", "L'As du Fallafel", 48.8574, 2.359, ["Middle Eastern", "street food"], "11:00", "23:00", 12),
      R("par-r-trainbleu", "Le Train Bleu", 48.8448, 2.3735, ["French", "fine dining"], "11:30", "22:30", 75),
      R("par-r-flore", "Café de Flore", 48.8541, 2.3326, ["café", "breakfast"], "07:30", "24:00", 18),
      R("par-r-kunitoraya", "Kunitoraya", 48.8656, 2.3355, ["Japanese", "udon"], "12:00", "22:00", 25),
      S("par-s-gdl", "Gare de Lyon", 48.8443, 2.373),
    ],
  },
  {
    key: "tokyo", name: "Tokyo", country: "Japan", lat: 35.6812, lon: 139.7671, currency: "JPY",
    origins: ["Osaka", "Kyoto", "Seoul", "Sapporo"],
    pois: [
      A("tyo-sensoji", "Senso-ji Temple", 35.7148, 139.7967, ["temple", "history", "landmark"], "06:00", "17:00", [], 0, 75),
      A("tyo-skytree", "Tokyo Skytree", 35.7101, 139.8107, ["viewpoint", "landmark"], "10:00", "21:00", [], 2100, 90),
      A("tyo-meiji", "Meiji Jingu", 35.6764, 139.6993, ["shrine", "nature", "history"], "05:00", "18:00", [], 0, 60),
      A("tyo-tnm", "Tokyo National Museum", 35.7188, 139.7765, ["museum", "history", "art"], "09:30", "17:00", [1], 1000, 120),
      A("tyo-ueno", "Ueno Park", 35.7156, 139.7745, ["park", "nature"], "05:00", "23:00", [], 0, 60),
      A("tyo-shibuya", "Shibuya Crossing", 35.6595, 139.7005, ["landmark", "city"], "00:00", "24:00", [], 0, 30),
      A("tyo-tsukiji", "Tsukiji Outer Market", 35.6654, 139.7707, ["market", "food"], "06:00", "14:00", [0], 0, 90),
      A("tyo-teamlab", "teamLab Planets", 35.6491, 139.7898, ["art", "modern"], "09:00", "22:00", [], 3800, 120),
      A("tyo-palace", "Imperial Palace East Gardens", 35.6852, 139.7528, ["garden", "history", "nature"], "09:00", "16:30", [1, 5], 0, 75),
      A("tyo-gyoen", "Shinjuku Gyoen", 35.6852, 139.71, ["garden", "nature"], "09:00", "18:00", [1], 500, 90),
      A("tyo-tower", "Tokyo Tower", 35.6586, 139.7454, ["viewpoint", "landmark"], "09:00", "23:00", [], 1500, 60),
      A("tyo-ghibli", "Ghibli Museum, Mitaka", 35.6962, 139.5704, ["museum", "art"], "10:00", "18:00", [2], 1000, 120),
      H("tyo-h-parkhyatt", "Park Hyatt Tokyo", 35.6856, 139.6906, 5, 120000),
      H("tyo-h-gate", "The Gate Hotel Kaminarimon", 35.7112, 139.7963, 4, 32000),
      H("tyo-h-gracery", "Hotel Gracery Shinjuku", 35.6949, 139.702, 3, 18000),
      H("tyo-h-khaosan", "Khaosan Tokyo Origami", 35.7103, 139.7969, 2, 6000),
      R("tyo-r-ichiran", "Ichiran Shibuya", 35.661, 139.701, ["ramen", "Japanese"], "00:00", "24:00", 1200),
      R("tyo-r-sushidai", "Sushi Dai (Toyosu)", 35.6456, 139.7847, ["sushi", "Japanese"], "05:30", "14:00", 5500),
      R("tyo-r-afuri", "Afuri Harajuku", 35.6717, 139.7066, ["ramen", "Japanese"], "11:00", "23:00", 1300),
      R("tyo-r-daikokuya", "Tempura Daikokuya", 35.7123, 139.7952, ["tempura", "Japanese"], "11:00", "20:30", 2200),
      R("tyo-r-gonpachi", "Gonpachi Nishi-Azabu", 35.659, 139.7233, ["izakaya", "Japanese"], "11:30", "23:30", 4000),
      S("tyo-s-station", "Tokyo Station", 35.6812, 139.7671),
    ],
  },
  {
    key: "rome", name: "Rome", country: "Italy", lat: 41.9028, lon: 12.4964, currency: "EUR",
    origins: ["Milan", "Florence", "Naples", "Munich"],
    pois: [
      A("rom-colosseum", "Colosseum", 41.8902, 12.4922, ["history", "landmark", "archaeology"], "09:00", "19:00", [], 18, 120),
      A("rom-forum", "Roman Forum", 41.8925, 12.4853, ["history", "archaeology"], "09:00", "19:00", [], 0, 90),
      A("rom-pantheon", "Pantheon", 41.8986, 12.4769, ["history", "landmark", "church"], "09:00", "19:00", [], 5, 45),
      A("rom-trevi", "Trevi Fountain", 41.9009, 12.4833, ["landmark", "architecture"], "00:00", "24:00", [], 0, 30),
      A("rom-spanish", "Spanish Steps", 41.9059, 12.4823, ["landmark", "architecture"], "00:00", "24:00", [], 0, 30),
      A("rom-vatican", "Vatican Museums", 41.9065, 12.4536, ["museum", "art", "history"], "08:00", "19:00", [0], 20, 210),
      A("rom-stpeter", "St. Peter's Basilica", 41.9022, 12.4539, ["church", "landmark", "art"], "07:00", "19:00", [], 0, 90),
      A("rom-santangelo", "Castel Sant'Angelo", 41.9031, 12.4663, ["history", "museum", "viewpoint"], "09:00", "19:30", [], 16, 90),
      A("rom-borghese", "Galleria Borghese", 41.9142, 12.4921, ["museum", "art", "garden"], "09:00", "19:00", [1], 15, 120),
      A("rom-trastevere", "Santa Maria in Trastevere", 41.8894, 12.4696, ["church", "neighbourhood"], "07:30", "21:00", [], 0, 60),
      A("rom-navona", "Piazza Navona", 41.8992, 12.4731, ["landmark", "architecture"], "00:00", "24:00", [], 0, 40),
      A("rom-villadeste", "Villa d'Este, Tivoli", 41.9629, 12.796, ["garden", "history", "palace"], "08:45", "19:45", [1], 15, 180),
      H("rom-h-hassler", "Hotel Hassler Roma", 41.9058, 12.4836, 5, 950),
      H("rom-h-artemide", "Hotel Artemide", 41.9001, 12.4935, 4, 260),
      H("rom-h-santamaria", "Hotel Santa Maria", 41.889, 12.4715, 3, 170),
      H("rom-h-beehive", "The Beehive", 41.9034, 12.5015, 2, 80),
      R("rom-r-enzo", "Da Enzo al 29", 41.8883, 12.4772, ["Roman", "trattoria"], "12:30", "23:00", 30),
      R("rom-r-roscioli", "Roscioli", 41.8938, 12.4737, ["Roman", "wine bar"], "12:30", "23:30", 45),
      R("rom-r-bonci", "Pizzarium Bonci", 41.9067, 12.4469, ["pizza", "street food"], "11:00", "22:00", 12),
      R("rom-r-armando", "Armando al Pantheon", 41.899, 12.4766, ["Roman", "trattoria"], "12:30", "22:30", 40),
      R("rom-r-giolitti", "Giolitti", 41.901, 12.4769, ["café", "gelato", "breakfast"], "07:30", "24:00", 8),
      S("rom-s-termini", "Roma Termini", 41.901, 12.5018),
    ],
  },
  {
    key: "nanjing", name: "Nanjing", country: "China", lat: 32.0603, lon: 118.7969, currency: "CNY",
    origins: ["Shanghai", "Beijing", "Hangzhou", "Suzhou"],
    pois: [
      A("nkg-zhongshan", "Sun Yat-sen Mausoleum (中山陵)", 32.0645, 118.8486, ["history", "landmark", "nature"], "08:30", "17:00", [1], 0, 150),
      A("nkg-xiaoling", "Ming Xiaoling Mausoleum (明孝陵)", 32.0587, 118.8357, ["history", "archaeology", "nature"], "06:30", "18:00", [], 70, 120),
      A("nkg-fuzimiao", "Confucius Temple (夫子庙)", 32.0205, 118.7886, ["history", "temple", "culture"], "08:30", "22:00", [], 30, 90),
      A("nkg-museum", "Nanjing Museum (南京博物院)", 32.0413, 118.8254, ["museum", "history", "art"], "09:00", "17:00", [1], 0, 180),
      A("nkg-palace", "Presidential Palace (总统府)", 32.0452, 118.7972, ["history", "architecture"], "08:30", "17:00", [1], 40, 120),
      A("nkg-xuanwu", "Xuanwu Lake (玄武湖)", 32.0725, 118.7955, ["park", "nature"], "00:00", "24:00", [], 0, 90),
      A("nkg-zhonghua", "Zhonghua Gate (中华门)", 32.0133, 118.7742, ["history", "architecture"], "08:30", "21:00", [], 50, 60),
      A("nkg-memorial", "Nanjing Massacre Memorial Hall (侵华日军南京大屠杀遇难同胞纪念馆)", 32.0347, 118.7442, ["history", "museum"], "08:30", "16:30", [1], 0, 120),
      A("nkg-qinhuai", "Qinhuai River Cruise (秦淮河)", 32.019, 118.788, ["culture", "night", "river"], "09:00", "22:30", [], 80, 60),
      A("nkg-jiming", "Jiming Temple (鸡鸣寺)", 32.0623, 118.7963, ["temple", "history"], "07:30", "17:00", [], 10, 60),
      A("nkg-niushou", "Niushou Mountain (牛首山)", 31.9168, 118.7432, ["temple", "nature", "mountain"], "08:00", "17:30", [], 98, 180),
      H("nkg-h-intercon", "InterContinental Nanjing (紫峰洲际酒店)", 32.0622, 118.7781, 5, 1200),
      H("nkg-h-jinling", "Jinling Hotel (金陵饭店)", 32.0433, 118.7838, 4, 700),
      H("nkg-h-atour", "Atour Hotel Xinjiekou (亚朵酒店)", 32.04, 118.785, 3, 420),
      H("nkg-h-hostel", "Fuzimiao International Youth Hostel (夫子庙青年旅舍)", 32.021, 118.787, 2, 150),
      R("nkg-r-dapaidang", "Nanjing Impressions (南京大牌档)", 32.0431, 118.7853, ["江苏菜", "Jiangsu"], "10:30", "22:00", 90),
      R("nkg-r-shizi", "Lion Bridge Food Street (狮子桥)", 32.0622, 118.7717, ["小吃", "snacks"], "09:00", "23:00", 50),
      R("nkg-r-maxiangxing", "Ma Xiang Xing (马祥兴)", 32.043, 118.774, ["清真菜", "halal"], "10:30", "21:00", 80),
      R("nkg-r-haidilao", "Haidilao Hot Pot Xinjiekou (海底捞)", 32.0405, 118.7845, ["火锅", "hotpot"], "10:00", "24:00", 130),
      R("nkg-r-jimingtang", "Jimingtang Soup Dumplings (鸡鸣汤包)", 32.02, 118.788, ["小吃", "breakfast"], "07:00", "21:00", 40),
      S("nkg-s-south", "Nanjing South Railway Station (南京南站)", 31.9688, 118.7983),
    ],
  },
];
