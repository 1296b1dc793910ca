// Name lists for the synthetic population, grouped by origin so a person's first and last
// names go together the way they do in US boards' lists of physicians. Each list is roughly in order of
// frequency: the population draws with Zipf-like weights, so the first entries are common
// (many 'John Smith's, on purpose) and the tail supplies the rare spellings.

const list = (names: string): string[] =>
  names
    .split('|')
    .map((name) => name.trim())
    .filter((name) => name !== '');

export type NameOrigin = {
  id: string;
  /** Share of physicians drawn from this origin. */
  weight: number;
  male: string[];
  female: string[];
  last: string[];
  /** Probability of having no middle name at all. */
  noMiddle: number;
  /** Probability of a hyphenated double surname ('García-López'). */
  hyphenated: number;
  /** Probability that the given name comes from the English list instead (Americanised names). */
  englishGiven: number;
  /** Probability of a generational suffix (men only). */
  suffix: number;
};

const ENGLISH_MALE = list(`
  James|John|Robert|Michael|William|David|Richard|Joseph|Thomas|Charles|Christopher|Daniel|Matthew|
  Anthony|Mark|Donald|Steven|Paul|Andrew|Joshua|Kenneth|Kevin|Brian|George|Timothy|Ronald|Edward|
  Jason|Jeffrey|Ryan|Jacob|Gary|Nicholas|Eric|Jonathan|Stephen|Larry|Justin|Scott|Brandon|Benjamin|
  Samuel|Gregory|Alexander|Frank|Patrick|Raymond|Jack|Dennis|Jerry|Tyler|Aaron|Adam|Henry|Nathan|
  Douglas|Zachary|Peter|Kyle|Walter|Ethan|Jeremy|Harold|Keith|Christian|Roger|Noah|Gerald|Carl|
  Terry|Sean|Austin|Arthur|Lawrence|Jesse|Dylan|Bryan|Joe|Jordan|Billy|Bruce|Albert|Willie|Gabriel|
  Logan|Alan|Juan|Wayne|Roy|Ralph|Randy|Eugene|Vincent|Russell|Elijah|Louis|Bobby|Philip|Johnny|
  Theodore|Frederick|Stuart|Graham|Spencer|Trevor|Colin|Neil|Ian|Owen|Lucas|Oliver|Martin|Mitchell|
  Bradley|Marcus|Calvin|Clifford|Howard|Leonard|Francis|Stanley|Curtis|Wesley|Julian|Malcolm|Elliott
`);

const ENGLISH_FEMALE = list(`
  Mary|Patricia|Jennifer|Linda|Elizabeth|Barbara|Susan|Jessica|Sarah|Karen|Lisa|Nancy|Betty|Margaret|
  Sandra|Ashley|Kimberly|Emily|Donna|Michelle|Carol|Amanda|Dorothy|Melissa|Deborah|Stephanie|Rebecca|
  Sharon|Laura|Cynthia|Kathleen|Amy|Angela|Shirley|Anna|Brenda|Pamela|Emma|Nicole|Helen|Samantha|
  Katherine|Christine|Debra|Rachel|Carolyn|Janet|Catherine|Maria|Heather|Diane|Ruth|Julie|Olivia|
  Joyce|Virginia|Victoria|Kelly|Lauren|Christina|Joan|Evelyn|Judith|Megan|Andrea|Cheryl|Hannah|
  Jacqueline|Martha|Gloria|Teresa|Ann|Sara|Madison|Frances|Kathryn|Janice|Jean|Abigail|Alice|Julia|
  Judy|Sophia|Grace|Denise|Amber|Doris|Marilyn|Danielle|Beverly|Isabel|Theresa|Diana|Natalie|Brittany|
  Charlotte|Marie|Kayla|Alexis|Lori|Caroline|Eleanor|Valerie|Margot|Claire|Allison|Meredith|Leah|
  Alexandra|Jillian|Vanessa|Erin|Molly|Courtney|Lindsay|Tessa|Zoë|Renée
`);

// Middle names drawn for everyone of the English lists; a few with accents or two parts of a
// given name would confuse the 'Last, First Middle' layout, so middles are single words.
const ENGLISH_MIDDLE_MALE = list(`
  Michael|James|Joseph|Robert|William|David|John|Thomas|Edward|Lee|Allen|Alan|Wayne|Ray|Scott|Paul|
  Patrick|Andrew|Charles|Anthony|Daniel|Francis|Henry|Louis|Eugene|Dean|Lynn|Dale|Gene|Carl|Alexander|
  Christopher|Matthew|Benjamin|Samuel|Nathaniel|Harrison|Elliot|Grant|Reid|Jay|Neil|Ross|Kyle|Wade
`);
const ENGLISH_MIDDLE_FEMALE = list(`
  Marie|Ann|Anne|Lynn|Elizabeth|Louise|Jean|Rose|Mae|Nicole|Michelle|Renee|Kay|Grace|Jane|Lee|Catherine|
  Margaret|Frances|Joy|Leigh|Dawn|Diane|Christine|Irene|Eileen|Ruth|Claire|Noelle|Victoria|Suzanne|
  Eve|Beth|Faith|Hope|June|Rae|Brooke|Paige|Quinn
`);

export const ORIGINS: NameOrigin[] = [
  {
    id: 'english',
    weight: 40,
    male: ENGLISH_MALE,
    female: ENGLISH_FEMALE,
    last: list(`
      Smith|Johnson|Williams|Brown|Jones|Miller|Davis|Wilson|Anderson|Taylor|Thomas|Moore|Martin|
      Jackson|Thompson|White|Harris|Clark|Lewis|Robinson|Walker|Young|Allen|King|Wright|Scott|Hill|
      Green|Adams|Baker|Nelson|Carter|Mitchell|Roberts|Turner|Phillips|Campbell|Parker|Evans|Edwards|
      Collins|Stewart|Morris|Murphy|Cook|Rogers|Morgan|Cooper|Peterson|Bailey|Reed|Kelly|Howard|Cox|
      Ward|Richardson|Watson|Brooks|Wood|James|Bennett|Gray|Hughes|Price|Sanders|Myers|Long|Ross|
      Foster|Powell|Jenkins|Perry|Russell|Sullivan|Bell|Coleman|Butler|Henderson|Barnes|Fisher|
      Henry|Graham|Reynolds|Hamilton|Wallace|West|Cole|Hayes|Bryant|Gibson|Ellis|Stevens|Murray|
      Ford|Marshall|Owens|McDonald|Harrison|Kennedy|Wells|Ryan|O'Brien|O'Connor|O'Neill|McCarthy|
      McLaughlin|MacLeod|McKenzie|FitzGerald|Fitzpatrick|Donovan|Gallagher|Doyle|Byrne|Kavanagh|
      Schmidt|Schneider|Fischer|Weber|Wagner|Becker|Hoffman|Schultz|Zimmerman|Krause|Meyer|Koch|
      Müller|Schröder|Weiß|Vogel|Van der Berg|Van Buren|Vanderbilt|Van Dyke|Van Horn|Ten Eyck|
      De Vries|St. John|St. Clair|Russo|Romano|Esposito|Ricci|Bianchi|Rossi|Costa|Colombo|Ferrari|
      Greco|Conti|De Luca|DiMaggio|D'Angelo|LaRosa|Lo Bianco|Papadopoulos|Georgiou|Nikolaidis|
      Katz|Cohen|Levy|Goldberg|Friedman|Shapiro|Rosenberg|Klein|Stein|Weinstein|Kaplan|Blum|Feldman|
      Lindqvist|Johansson|Andersen|Nilsson|Larsen|Sørensen|Øster|Bjørk|Jensen|Hansen|Olsen
    `),
    noMiddle: 0.12,
    hyphenated: 0.02,
    englishGiven: 0,
    suffix: 0.07,
  },
  {
    id: 'african-american',
    weight: 5,
    male: list(`
      James|Michael|John|Robert|David|Anthony|Darnell|DeShawn|Jamal|Malik|Andre|DeAndre|Marcus|
      Terrence|Tyrone|Cedric|Reginald|Jerome|Dwayne|Lamar|Rashad|Xavier|Isaiah|Elijah|Kareem|Maurice|
      Darius|Jalen|Kendrick|Quincy|Desmond|Cornelius|Clarence|Lionel|Otis
    `),
    female: list(`
      Ebony|Keisha|LaToya|Tamika|Aaliyah|Imani|Jasmine|Monique|Tanisha|Shanice|Kiara|Destiny|Nia|
      Aisha|Latasha|Yolanda|Felicia|Angela|Patricia|Denise|Gwendolyn|Jada|Tiana|Brianna|Danielle|
      Simone|Erica|Candace|Octavia|Raven
    `),
    last: list(`
      Washington|Jefferson|Jackson|Johnson|Williams|Brown|Jones|Davis|Robinson|Harris|Banks|Booker|
      Freeman|Mosley|Gaines|Dorsey|Battle|Rivers|Bellamy|Grier|Hairston|Ivory|Jenifer|Pettiford|
      Tolliver|Whitaker|Coleman|Bryant|Hamilton|Franklin|Simmons|Lawson|Wiggins|McNeil|Okafor-Williams
    `),
    noMiddle: 0.15,
    hyphenated: 0.02,
    englishGiven: 0.3,
    suffix: 0.08,
  },
  {
    id: 'hispanic',
    weight: 9,
    male: list(`
      José|Juan|Luis|Carlos|Jorge|Miguel|Jesús|Francisco|Antonio|Alejandro|Manuel|Ricardo|Roberto|
      Eduardo|Fernando|Javier|Raúl|Sergio|Andrés|Ramón|Pedro|Rafael|Héctor|Óscar|Ignacio|Guillermo|
      Enrique|Alberto|Gerardo|Rodrigo|Santiago|Martín|Diego|Iván|Joaquín|Emilio|Julián|Tomás|Ángel|
      Rubén|Salvador|Esteban|Adrián|Gustavo|Mauricio|Víctor|Hernán|Nicolás|Sebastián|Cristóbal
    `),
    female: list(`
      María|Ana|Sofía|Lucía|Carmen|Rosa|Guadalupe|Gabriela|Daniela|Alejandra|Verónica|Mónica|Patricia|
      Claudia|Adriana|Isabel|Teresa|Elena|Laura|Paula|Valeria|Natalia|Mariana|Camila|Fernanda|Catalina|
      Beatriz|Inés|Pilar|Dolores|Consuelo|Mercedes|Graciela|Rocío|Ximena|Marisol|Yesenia|Lourdes|Leticia|
      Araceli
    `),
    last: list(`
      García|Rodríguez|Martínez|Hernández|López|González|Pérez|Sánchez|Ramírez|Torres|Flores|Rivera|
      Gómez|Díaz|Cruz|Morales|Reyes|Gutiérrez|Ortiz|Chávez|Ramos|Ruiz|Álvarez|Mendoza|Castillo|Jiménez|
      Moreno|Romero|Herrera|Medina|Aguilar|Vargas|Castro|Guzmán|Fernández|Muñoz|Peña|Núñez|Domínguez|
      Vásquez|Salazar|Rojas|Ortega|Delgado|Soto|Contreras|Sandoval|Guerrero|Estrada|Figueroa|Cabrera|
      Campos|Vega|Ibarra|Zamora|Acosta|Fuentes|Cervantes|Valdez|Orozco|Santiago|Bautista|Espinoza|
      De la Cruz|De León|Del Río|De la Rosa|De los Santos|Villanueva|Báez|Quiñones|Ordóñez|Benítez
    `),
    noMiddle: 0.3,
    hyphenated: 0.16,
    englishGiven: 0.12,
    suffix: 0.01,
  },
  {
    id: 'east-asian',
    weight: 8,
    male: list(`
      Wei|Jun|Ming|Hao|Jian|Lei|Tao|Yong|Feng|Bo|Chen|Kai|Zhiwei|Xiaoming|Jin|Hyun|Min-jun|Sung|Jae|
      Dong|Hiroshi|Takeshi|Kenji|Daisuke|Yuki|Kazuo|Shin|Young|Sang|Kwan
    `),
    female: list(`
      Mei|Li|Ying|Xin|Jing|Yan|Hui|Fang|Lan|Ling|Xiaoyan|Yuna|Ji-woo|Soo-jin|Eun|Hye|Min|Yumi|Keiko|
      Akiko|Naomi|Sakura|Haruka|Mayumi|Lian|Qing|Rui|Shu|Ning|Hong
    `),
    last: list(`
      Wang|Li|Zhang|Liu|Chen|Yang|Huang|Zhao|Wu|Zhou|Xu|Sun|Ma|Zhu|Hu|Guo|He|Lin|Gao|Luo|Chan|Wong|
      Lee|Leung|Cheung|Ng|Ho|Tsai|Hsu|Kuo|Kim|Park|Choi|Jung|Kang|Cho|Yoon|Jang|Lim|Han|Shin|Seo|Kwon|
      Tanaka|Suzuki|Sato|Watanabe|Yamamoto|Nakamura|Kobayashi|Takahashi|Ito|Yoshida|Matsumoto|Inoue
    `),
    noMiddle: 0.55,
    hyphenated: 0,
    englishGiven: 0.45,
    suffix: 0.005,
  },
  {
    id: 'vietnamese',
    weight: 2.5,
    male: list(`Minh|Huy|Dũng|Quang|Thanh|Tuấn|Hùng|Khoa|Long|Nam|Phúc|Trung|Việt|Bảo|Đức|Hoàng|Tâm|Vinh`),
    female: list(`Anh|Linh|Thảo|Phương|Lan|Hương|Mai|Ngọc|Trang|Hà|Thu|Vy|Quỳnh|Nhung|Hạnh|Tuyết|Diễm|Yến`),
    last: list(`
      Nguyễn|Nguyen|Trần|Tran|Lê|Le|Phạm|Pham|Hoàng|Huỳnh|Huynh|Phan|Vũ|Vu|Võ|Vo|Đặng|Dang|Bùi|Đỗ|
      Do|Hồ|Ngô|Dương|Lý|Trương|Đinh|Lâm
    `),
    noMiddle: 0.35,
    hyphenated: 0,
    englishGiven: 0.35,
    suffix: 0,
  },
  {
    id: 'south-asian',
    weight: 12,
    male: list(`
      Rahul|Amit|Sanjay|Vikram|Raj|Deepak|Sunil|Anil|Ravi|Arjun|Aditya|Rohan|Nikhil|Suresh|Ramesh|
      Prakash|Vijay|Ashok|Manoj|Rajesh|Karthik|Srinivas|Venkat|Ajay|Pradeep|Naveen|Sandeep|Harish|Gaurav|
      Imran|Faisal|Asif|Tariq|Sameer|Varun|Kunal|Siddharth|Vivek|Anand|Mohan
    `),
    female: list(`
      Priya|Anjali|Neha|Pooja|Kavita|Sunita|Sneha|Divya|Lakshmi|Meera|Asha|Deepa|Swati|Shruti|Anita|
      Rekha|Geeta|Padma|Radha|Shalini|Nisha|Aarti|Sapna|Preeti|Ayesha|Sana|Farah|Nandini|Aparna|Revathi
    `),
    last: list(`
      Patel|Shah|Singh|Kumar|Sharma|Gupta|Reddy|Rao|Desai|Mehta|Iyer|Joshi|Agarwal|Chaudhry|Khan|
      Malik|Ahmed|Hussain|Bhatt|Nair|Menon|Pillai|Das|Banerjee|Chatterjee|Mukherjee|Ghosh|Kapoor|Chopra|
      Verma|Srinivasan|Krishnan|Subramanian|Venkataraman|Raghavan|Parikh|Trivedi|Pandya|Naidu|Bose|
      Sen|Kulkarni|Deshpande|Jain|Sethi|Bhatia|Qureshi|Siddiqui|Chaudhary|Thakur|Mishra|Tiwari
    `),
    noMiddle: 0.5,
    hyphenated: 0,
    englishGiven: 0.08,
    suffix: 0.003,
  },
  {
    id: 'arabic',
    weight: 4.5,
    male: list(`
      Mohammed|Ahmed|Omar|Ali|Hassan|Khalid|Youssef|Tarek|Rami|Karim|Samir|Nabil|Walid|Ziad|Fadi|Bassam|
      Hussein|Mahmoud|Mustafa|Amir|Bilal|Hamza|Ibrahim|Jamil|Nasser
    `),
    female: list(`
      Fatima|Layla|Nadia|Rania|Samira|Yasmin|Leila|Noor|Mariam|Huda|Dina|Hana|Salma|Zeinab|Amira|Rana|
      Lina|Maha|Reem|Suha
    `),
    last: list(`
      Haddad|Khoury|Nasser|Saleh|Hassan|Ibrahim|Abdullah|Mansour|Farah|Aziz|Al-Sayed|El-Amin|Abu-Zahra|
      Al-Hashimi|Hamdan|Qasim|Rahman|Sabbagh|Tawfik|Yousef|Zaher|Bakr|Darwish|Ghanem|Habib|Karam|Malouf|
      Nassar|Sleiman|El-Khoury|Abdel-Malek
    `),
    noMiddle: 0.4,
    hyphenated: 0,
    englishGiven: 0.1,
    suffix: 0,
  },
  {
    id: 'eastern-european',
    weight: 4.5,
    male: list(`
      Ivan|Dmitri|Sergei|Aleksandr|Mikhail|Andrei|Nikolai|Piotr|Tomasz|Marek|Jan|Zoltán|Milan|Pavel|
      Vladimir|Bogdan|Stefan|Jakub|Krzysztof|Lukáš|Ondřej|Goran|Dragan|Miloš
    `),
    female: list(`
      Olga|Natalia|Tatiana|Katarzyna|Agnieszka|Irina|Svetlana|Elena|Anna|Marta|Magdalena|Ewa|Zuzana|
      Jana|Milena|Ivana|Daria|Yelena|Oksana|Ludmila
    `),
    last: list(`
      Kowalski|Nowak|Wiśniewski|Wójcik|Kamiński|Lewandowski|Zieliński|Szymański|Michałowski|Novák|
      Dvořák|Svoboda|Černý|Ivanov|Petrov|Smirnov|Kuznetsov|Popov|Sokolov|Kozlov|Volkov|Popescu|Ionescu|
      Horváth|Nagy|Kovač|Jovanović|Petrović|Nikolić|Marković|Shevchenko|Bondarenko|Kovalenko
    `),
    noMiddle: 0.45,
    hyphenated: 0.01,
    englishGiven: 0.15,
    suffix: 0.005,
  },
  {
    id: 'west-african',
    weight: 2.5,
    male: list(`
      Chinedu|Oluwaseun|Adebola|Kwame|Kofi|Emeka|Tunde|Obinna|Chukwuemeka|Ikenna|Babatunde|Kwabena|
      Yaw|Olumide|Femi|Uchenna|Nnamdi|Segun
    `),
    female: list(`
      Ngozi|Chioma|Amara|Folasade|Ifeoma|Yetunde|Adaeze|Nneka|Abena|Akosua|Funmilayo|Oluwatoyin|
      Chiamaka|Efua|Adwoa|Bukola
    `),
    last: list(`
      Okafor|Adeyemi|Okonkwo|Oyelaran|Adebayo|Mensah|Owusu|Boateng|Asante|Nwosu|Eze|Obi|Chukwu|Balogun|
      Olawale|Ogunleye|Nwachukwu|Okeke|Adeleke|Oyewole|Osei|Agyeman|Danso|Appiah|Oduya
    `),
    noMiddle: 0.25,
    hyphenated: 0.01,
    englishGiven: 0.25,
    suffix: 0.005,
  },
  {
    id: 'french',
    weight: 2,
    male: list(`
      Éric|André|René|Théo|François|Jérôme|Stéphane|Olivier|Philippe|Benoît|Frédéric|Sébastien|Mathieu|
      Laurent|Étienne|Gaël|Noël|Luc|Rémi|Jean-Luc|Jean-Pierre|Marc-André
    `),
    female: list(`
      Zoë|Chloé|Renée|Amélie|Hélène|Noémie|Céline|Josée|Geneviève|Sylvie|Élise|Mélanie|Nathalie|Brigitte|
      Véronique|Émilie|Aurélie|Anaïs|Léa|Marie-Claude|Anne-Marie|Maëlle
    `),
    last: list(`
      Dubois|Lefèvre|Bélanger|Côté|Gagnon|Lévesque|Bouchard|Tremblay|Gauthier|Bergeron|Pelletier|
      Lavoie|Fortin|Girard|Morin|Thériault|Ménard|Poirier|Leblanc|Bérubé|D'Amours|Desjardins|Beaulieu|
      Saint-Pierre|Du Bois|La Fontaine|Le Blanc
    `),
    noMiddle: 0.3,
    hyphenated: 0.03,
    englishGiven: 0.15,
    suffix: 0.01,
  },
];

/** The suffixes boards print after a name; weights make Jr the usual one. */
export const SUFFIXES = ['Jr', 'Sr', 'II', 'III', 'IV'] as const;
export const SUFFIX_WEIGHTS = [50, 12, 18, 16, 4];

export const ENGLISH_MIDDLES = { male: ENGLISH_MIDDLE_MALE, female: ENGLISH_MIDDLE_FEMALE };

/**
 * Names the person is known by, first the usual one. Only formal names with familiar forms
 * appear; the ground truth lists a subset so accuracy tests can search by nickname.
 */
export const NICKNAMES: Record<string, string[]> = {
  William: ['Bill', 'Will', 'Billy'],
  Robert: ['Bob', 'Rob', 'Bobby'],
  Richard: ['Rick', 'Rich', 'Dick'],
  James: ['Jim', 'Jimmy', 'Jamie'],
  John: ['Jack', 'Johnny'],
  Jonathan: ['Jon'],
  Michael: ['Mike', 'Mikey'],
  Christopher: ['Chris'],
  Anthony: ['Tony'],
  Joseph: ['Joe', 'Joey'],
  Thomas: ['Tom', 'Tommy'],
  Daniel: ['Dan', 'Danny'],
  Matthew: ['Matt'],
  Andrew: ['Andy', 'Drew'],
  Edward: ['Ed', 'Eddie', 'Ted'],
  Alexander: ['Alex', 'Alec'],
  Steven: ['Steve'],
  Stephen: ['Steve'],
  Nicholas: ['Nick'],
  Samuel: ['Sam'],
  Benjamin: ['Ben'],
  Charles: ['Charlie', 'Chuck'],
  David: ['Dave'],
  Joshua: ['Josh'],
  Kenneth: ['Ken', 'Kenny'],
  Timothy: ['Tim'],
  Gregory: ['Greg'],
  Jeffrey: ['Jeff'],
  Patrick: ['Pat'],
  Peter: ['Pete'],
  Raymond: ['Ray'],
  Ronald: ['Ron'],
  Donald: ['Don'],
  Douglas: ['Doug'],
  Lawrence: ['Larry'],
  Gerald: ['Jerry'],
  Frederick: ['Fred'],
  Francis: ['Frank'],
  Henry: ['Hank'],
  Leonard: ['Len'],
  Theodore: ['Ted', 'Theo'],
  Zachary: ['Zach'],
  Nathan: ['Nate'],
  Eugene: ['Gene'],
  Albert: ['Al'],
  Walter: ['Walt'],
  Stanley: ['Stan'],
  Russell: ['Russ'],
  Bradley: ['Brad'],
  Mitchell: ['Mitch'],
  Calvin: ['Cal'],
  Clifford: ['Cliff'],
  Howard: ['Howie'],
  Stuart: ['Stu'],
  Elizabeth: ['Liz', 'Beth', 'Betsy'],
  Katherine: ['Kate', 'Kathy', 'Katie'],
  Catherine: ['Cathy', 'Kate'],
  Kathryn: ['Kate', 'Kathy'],
  Kathleen: ['Kathy', 'Kate'],
  Margaret: ['Maggie', 'Peggy', 'Meg'],
  Jennifer: ['Jen', 'Jenny'],
  Patricia: ['Pat', 'Patty', 'Trish'],
  Susan: ['Sue'],
  Rebecca: ['Becky'],
  Deborah: ['Deb', 'Debbie'],
  Victoria: ['Vicky', 'Tori'],
  Barbara: ['Barb'],
  Christine: ['Chris', 'Tina'],
  Christina: ['Chris', 'Tina'],
  Jessica: ['Jess'],
  Samantha: ['Sam'],
  Alexandra: ['Alex', 'Sandy'],
  Amanda: ['Mandy'],
  Abigail: ['Abby'],
  Cynthia: ['Cindy'],
  Dorothy: ['Dot'],
  Eleanor: ['Ellie'],
  Frances: ['Fran'],
  Jacqueline: ['Jackie'],
  Judith: ['Judy'],
  Kimberly: ['Kim'],
  Melissa: ['Missy'],
  Pamela: ['Pam'],
  Sandra: ['Sandy'],
  Stephanie: ['Steph'],
  Theresa: ['Terry', 'Tess'],
  Teresa: ['Tere'],
  Valerie: ['Val'],
  Virginia: ['Ginny'],
  Natalie: ['Nat'],
  Nicole: ['Nikki'],
  Olivia: ['Liv'],
  Sarah: ['Sally'],
  Sophia: ['Sophie'],
  Julia: ['Julie'],
  Danielle: ['Dani'],
  Jillian: ['Jill'],
  Angela: ['Angie'],
  José: ['Pepe'],
  Francisco: ['Paco', 'Pancho'],
  Jesús: ['Chuy'],
  Alejandro: ['Alex'],
  Alejandra: ['Ale'],
  Guillermo: ['Memo'],
  Ignacio: ['Nacho'],
  Roberto: ['Beto'],
  Alberto: ['Beto'],
  Eduardo: ['Lalo'],
  Enrique: ['Quique'],
  Manuel: ['Manny'],
  Antonio: ['Tony'],
  Guadalupe: ['Lupe'],
  Dolores: ['Lola'],
  Salvador: ['Sal'],
  Fernando: ['Nando'],
  Ricardo: ['Ricky'],
  Consuelo: ['Chelo'],
  Gabriela: ['Gaby'],
  Mohammed: ['Mo'],
  // One familiar form each, for the other largest origins (the matcher's nickname table lists
  // more): a single entry draws no random number, so nobody else's details change.
  Rafael: ['Rafa'],
  Vikram: ['Vik'],
  Rajesh: ['Raj'],
  Srinivas: ['Srini'],
  Siddharth: ['Sid'],
  Aditya: ['Adi'],
  Chukwuemeka: ['Emeka'],
  Babatunde: ['Tunde'],
  Oluwaseun: ['Seun'],
  Adebola: ['Bola'],
  Chinedu: ['Nedu'],
  Uchenna: ['Uche'],
  Ifeoma: ['Ify'],
  Folasade: ['Sade'],
  Oluwatoyin: ['Toyin'],
  Funmilayo: ['Funmi'],
  Chiamaka: ['Amaka'],
  Svetlana: ['Sveta'],
  Aleksandr: ['Sasha'],
  Dmitri: ['Dima'],
  Mikhail: ['Misha'],
  Vladimir: ['Vlad'],
  Ivan: ['Vanya'],
  Pavel: ['Pasha'],
  Tatiana: ['Tanya'],
  Olga: ['Olya'],
  Ludmila: ['Luda'],
  Katarzyna: ['Kasia'],
  Tomasz: ['Tomek'],
  Jakub: ['Kuba'],
  Zoë: ['Zoey'],
};

/** A few NUCC taxonomy codes physicians report to NPPES, weighted roughly by head count. */
export const TAXONOMIES: { code: string; desc: string; weight: number }[] = [
  { code: '207R00000X', desc: 'Internal Medicine', weight: 22 },
  { code: '207Q00000X', desc: 'Family Medicine', weight: 18 },
  { code: '208000000X', desc: 'Pediatrics', weight: 10 },
  { code: '207P00000X', desc: 'Emergency Medicine', weight: 7 },
  { code: '207L00000X', desc: 'Anesthesiology', weight: 6 },
  { code: '2084P0800X', desc: 'Psychiatry & Neurology, Psychiatry', weight: 6 },
  { code: '207V00000X', desc: 'Obstetrics & Gynecology', weight: 5 },
  { code: '208600000X', desc: 'Surgery', weight: 5 },
  { code: '2085R0202X', desc: 'Radiology, Diagnostic Radiology', weight: 5 },
  { code: '207RC0000X', desc: 'Internal Medicine, Cardiovascular Disease', weight: 4 },
  { code: '207X00000X', desc: 'Orthopaedic Surgery', weight: 4 },
  { code: '208M00000X', desc: 'Hospitalist', weight: 3 },
  { code: '2084N0400X', desc: 'Psychiatry & Neurology, Neurology', weight: 2 },
  { code: '207N00000X', desc: 'Dermatology', weight: 2 },
  { code: '207W00000X', desc: 'Ophthalmology', weight: 2 },
  { code: '207RG0100X', desc: 'Internal Medicine, Gastroenterology', weight: 2 },
];
